import { useState } from 'react';
import type { RowId, TableRow } from './types';

/**
 * UI-39: which rows are selected, by their idKey value (UI-33). Controlled when `selectedIds`
 * is given; the callback always gets the ids with their original types (number stays number).
 */
export function useSelection<T extends TableRow>(
  rows: readonly T[],
  idKey: string,
  selectedIds: readonly RowId[] | undefined,
  onChange: ((ids: RowId[]) => void) | undefined,
) {
  const [own, setOwn] = useState<RowId[]>([]);
  const ids = selectedIds ?? own;
  const chosen = new Set(ids.map(String));
  const allIds = rows.map((row) => row[idKey] as RowId);

  const set = (next: RowId[]) => {
    if (!selectedIds) setOwn(next);
    onChange?.(next);
  };
  const all = rows.length > 0 && allIds.every((id) => chosen.has(String(id)));
  return {
    isSelected: (id: string) => chosen.has(id),
    all,
    some: allIds.some((id) => chosen.has(String(id))),
    toggle: (id: string) => {
      const original = allIds.find((candidate) => String(candidate) === id) ?? id;
      set(chosen.has(id) ? ids.filter((value) => String(value) !== id) : [...ids, original]);
    },
    toggleAll: () => set(all ? [] : allIds),
  };
}
