/**
 * UI-03/UI-04: where a manual page lives. The root comes from VITE_MANUAL_ROOT at build time
 * (README "Configuration"); without an http(s) root there is no manual to open, so no link.
 */
export function manualRoot(): string | null {
  const raw = import.meta.env.VITE_MANUAL_ROOT?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Joins the root and a manual path ('tel', 'tel/upload'), encoding each segment. */
export function manualUrl(root: string, manualPath: string): string {
  const base = root.endsWith('/') ? root : `${root}/`;
  const path = manualPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
  return `${base}${path}`;
}
