import { pagePaths } from '@/config/paths';

/** Where the login page sends the operator afterwards; only same-site paths are followed. */
export const RETURN_PARAM = 'redirect';

export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if (value.startsWith(pagePaths.Login)) return '/';
  return value;
}

export function loginPathFor(returnTo: string): string {
  if (returnTo === '/' || returnTo.startsWith(pagePaths.Login)) return pagePaths.Login;
  return `${pagePaths.Login}?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}`;
}
