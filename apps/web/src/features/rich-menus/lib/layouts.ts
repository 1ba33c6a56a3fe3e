import type { Rect, Size } from './area-math';

/**
 * The layouts LINE Official Account Manager offers (its "テンプレート"), as cells of a grid:
 * [column, row, columns spanned, rows spanned]. Large layouts are for the full-height image
 * (e.g. 2500×1686), small ones for the half-height one (2500×843).
 */
export type Layout = {
  id: string;
  label: string;
  shape: 'large' | 'small';
  columns: number;
  rows: number;
  cells: readonly (readonly [number, number, number, number])[];
};

export const LAYOUTS: readonly Layout[] = [
  {
    id: 'large-6',
    label: '6分割（3×2）',
    shape: 'large',
    columns: 3,
    rows: 2,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [2, 0, 1, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
      [2, 1, 1, 1],
    ],
  },
  {
    id: 'large-4',
    label: '4分割（2×2）',
    shape: 'large',
    columns: 2,
    rows: 2,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
    ],
  },
  {
    id: 'large-1-3',
    label: '上1・下3',
    shape: 'large',
    columns: 3,
    rows: 2,
    cells: [
      [0, 0, 3, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
      [2, 1, 1, 1],
    ],
  },
  {
    id: 'large-1-2',
    label: '上1・下2',
    shape: 'large',
    columns: 2,
    rows: 2,
    cells: [
      [0, 0, 2, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
    ],
  },
  {
    id: 'large-left-2',
    label: '左1・右2',
    shape: 'large',
    columns: 2,
    rows: 2,
    cells: [
      [0, 0, 1, 2],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ],
  },
  {
    id: 'large-2-columns',
    label: '左右2分割',
    shape: 'large',
    columns: 2,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
    ],
  },
  {
    id: 'large-2-rows',
    label: '上下2分割',
    shape: 'large',
    columns: 1,
    rows: 2,
    cells: [
      [0, 0, 1, 1],
      [0, 1, 1, 1],
    ],
  },
  ...[2, 3, 4].map((tabs): Layout => ({
    id: `large-tabs-${tabs}`,
    label: `タブ${tabs}つ＋本体`,
    shape: 'large',
    columns: tabs,
    rows: 6,
    cells: [
      ...Array.from({ length: tabs }, (_, i) => [i, 0, 1, 1] as const),
      [0, 1, tabs, 5] as const,
    ],
  })),
  {
    id: 'large-1',
    label: '1つ（全体）',
    shape: 'large',
    columns: 1,
    rows: 1,
    cells: [[0, 0, 1, 1]],
  },
  {
    id: 'small-3',
    label: '3分割',
    shape: 'small',
    columns: 3,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [2, 0, 1, 1],
    ],
  },
  {
    id: 'small-2',
    label: '2分割',
    shape: 'small',
    columns: 2,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
    ],
  },
  {
    id: 'small-1-2',
    label: '左1/3・右2/3',
    shape: 'small',
    columns: 3,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 2, 1],
    ],
  },
  {
    id: 'small-1',
    label: '1つ（全体）',
    shape: 'small',
    columns: 1,
    rows: 1,
    cells: [[0, 0, 1, 1]],
  },
];

/** A full-height image (≈ 1.48:1) is large; a half-height one (≈ 2.96:1) small. */
export const shapeOf = (size: Size): Layout['shape'] =>
  size.width / size.height > 2.2 ? 'small' : 'large';

export const layoutsFor = (size: Size) => LAYOUTS.filter((l) => l.shape === shapeOf(size));

/**
 * A layout's areas at a size: grid lines at whole pixels, so neighbouring areas meet exactly and
 * together cover the image (no gap, no overlap, nothing outside).
 */
export function layoutRects(layout: Layout, size: Size): Rect[] {
  const columnAt = (i: number) => Math.round((i * size.width) / layout.columns);
  const rowAt = (i: number) => Math.round((i * size.height) / layout.rows);
  return layout.cells.map(([column, row, columns, rows]) => {
    const x = columnAt(column);
    const y = rowAt(row);
    return { x, y, width: columnAt(column + columns) - x, height: rowAt(row + rows) - y };
  });
}
