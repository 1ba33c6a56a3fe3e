import type { MeResponse } from '@tsunagu/contracts';
import { DEFAULT_BRAND } from '@tsunagu/contracts';
import { useSession } from '@/features/auth';

/** For components below <RequireSession>, where a signed-in operator is guaranteed. */
export function useSignedInSession(): MeResponse {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInSession used outside <RequireSession>');
  return data;
}

/** DEC-03: the signed-in account's brand, or the default brand before anyone signs in. */
export function useBrandLabel(): string {
  const { data } = useSession();
  return data?.account.brand_label ?? DEFAULT_BRAND.label;
}
