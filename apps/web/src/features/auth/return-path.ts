/** Where the login page sends the operator afterwards; only same-site paths are followed. */
export const RETURN_PARAM = 'redirect';

export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if (value.startsWith('/account/login')) return '/';
  return value;
}

export function loginPathFor(returnTo: string): string {
  if (returnTo === '/' || returnTo.startsWith('/account/login')) return '/account/login';
  return `/account/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}`;
}
