import { waitFor, within } from '@testing-library/react';

/**
 * The live status (a toast, a notice) whose text contains `text`. Other statuses come and go on
 * the same screen — 読み込み中..., a list's reloading note — so "the first status on screen" is
 * a race under load; this waits for the one that says what the user should read.
 */
export function findStatus(text: string, container: HTMLElement = document.body) {
  return waitFor(() => {
    const statuses = within(container).queryAllByRole('status');
    const found = statuses.find((status) => status.textContent?.includes(text));
    if (!found) {
      const seen = statuses.map((status) => `「${status.textContent ?? ''}」`).join(' ');
      throw new Error(`no status says 「${text}」; on screen: ${seen || 'none'}`);
    }
    return found;
  });
}
