import type { MeResponse } from '@tsunagu/contracts';
import { DEFAULT_BRAND } from '@tsunagu/contracts';
import { createContext, useContext } from 'react';
import { useSession } from '@/features/auth';

/**
 * <RequireSession> hands the signed-in session down through context, so the screens below it
 * never see the moment after sign-out when the cache is already empty but they are still mounted.
 */
export const SignedInSessionContext = createContext<MeResponse | null>(null);

export function useSignedInSession(): MeResponse {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession used outside <RequireSession>');
  return session;
}

/** DEC-03: the signed-in account's brand, or the default brand before anyone signs in. */
export function useBrandLabel(): string {
  const { data } = useSession();
  return data?.account.brand_label ?? DEFAULT_BRAND.label;
}

/** Routes marked ownerOrDev (the UI catalogue): every build in development, owners otherwise. */
export function mayOpenOwnerOrDev(isOwner: boolean | undefined): boolean {
  return import.meta.env.DEV || !!isOwner;
}
