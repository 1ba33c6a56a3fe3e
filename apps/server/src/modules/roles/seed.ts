import { PERMISSION_KEYS } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { insertRole } from './repository.js';

/**
 * The demo roles: an owner role (every key) for each account, and for the salon account a
 * read-only staff role (no key at all).
 */
export async function seedDemoRoles(
  tx: Executor,
  accounts: { salonAccountId: number; otherAccountId: number },
) {
  const allKeys = [...PERMISSION_KEYS];
  const owner = { name: 'オーナー', permission_keys: allKeys };
  return {
    salonOwner: await insertRole(tx, accounts.salonAccountId, owner, true),
    salonStaff: await insertRole(tx, accounts.salonAccountId, {
      name: 'スタッフ（閲覧のみ）',
      permission_keys: [],
    }),
    otherOwner: await insertRole(tx, accounts.otherAccountId, owner, true),
  };
}
