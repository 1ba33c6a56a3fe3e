import type { ReactNode } from 'react';

export type RowId = string | number;
export type TableRow = Record<string, unknown>;

export type ListTableColumn<T extends TableRow> = {
  /** The field shown (and sorted by, UI-37 `key`). */
  key: string;
  header: string;
  /** UI-34: only these headers sort. */
  sortable?: boolean;
  cell?: (row: T) => ReactNode;
  /** What sorting compares; defaults to row[key]. */
  sortValue?: (row: T) => unknown;
  align?: 'start' | 'end';
};
