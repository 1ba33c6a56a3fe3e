import type { SortingState } from '@tanstack/react-table';

/** UI-37: one entry of the table's sort state. */
export type SortOrder = 'asc' | 'desc';
export type SortEntry = { key: string; order: SortOrder };

/**
 * A header click. Single sort (UI-35): that column only, none → asc → desc → none.
 * Multi sort (UI-36): a new column is appended; a sorted one goes asc → desc → removed,
 * keeping the others and their priority order.
 */
export function nextSort(entries: readonly SortEntry[], key: string, multi: boolean): SortEntry[] {
  const existing = entries.find((entry) => entry.key === key);
  const step = (entry: SortEntry | undefined): SortEntry | null =>
    !entry ? { key, order: 'asc' } : entry.order === 'asc' ? { key, order: 'desc' } : null;
  if (!multi) {
    const next = step(entries.length === 1 ? existing : undefined);
    return next ? [next] : [];
  }
  if (!existing) return [...entries, { key, order: 'asc' }];
  return entries.flatMap((entry) => {
    if (entry.key !== key) return [entry];
    const next = step(entry);
    return next ? [next] : [];
  });
}

export function toSortingState(entries: readonly SortEntry[]): SortingState {
  return entries.map((entry) => ({ id: entry.key, desc: entry.order === 'desc' }));
}

const collator = new Intl.Collator('ja', { numeric: true, sensitivity: 'base' });

/** Numbers as numbers, text in Japanese collation (numeric-aware); empty values go last. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
