/** Puts the URL on the clipboard; false where the browser does not allow it (http, old ones). */
export async function copyUrl(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}
