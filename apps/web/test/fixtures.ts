import {
  PERMISSION_KEYS,
  type MeResponse,
  type PermissionKey,
  type Role,
} from '@tsunagu/contracts';

type SessionOptions = {
  permissions?: readonly PermissionKey[];
  isOwner?: boolean;
  brandLabel?: string;
  brandTheme?: string;
};

export function makeSession(options: SessionOptions = {}): MeResponse {
  const {
    permissions = PERMISSION_KEYS,
    isOwner = true,
    brandLabel = 'つなぐ',
    brandTheme = 'green',
  } = options;
  return {
    operator: {
      id: 1,
      login_id: 'owner',
      display_name: '山田 花子',
      role: { id: 1, name: isOwner ? 'オーナー' : 'スタッフ', is_owner: isOwner },
    },
    account: {
      id: 1,
      name: 'サロン青山',
      reseller_code: 'tsunagu',
      brand_label: brandLabel,
      brand_theme: brandTheme,
      consent: true,
    },
    permission_keys: [...permissions],
  };
}

export function makeRole(overrides: Partial<Role> = {}): Role {
  return {
    id: 2,
    name: 'スタッフ',
    permission_keys: ['tag-write'],
    is_owner: false,
    operator_count: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
