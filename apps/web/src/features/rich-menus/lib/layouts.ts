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

type Cell = readonly [number, number, number, number];

/** One row of a grid: each column a cell of its own. */
const rowOf = (columns: number, row: number): Cell[] =>
  Array.from({ length: columns }, (_, column) => [column, row, 1, 1] as const);

/**
 * The one grid builder: a layout of `columns`×`rows`, every cell its own area row by row unless
 * `cells` says which cells are joined.
 */
const grid = (
  id: string,
  label: string,
  shape: Layout['shape'],
  [columns, rows]: readonly [number, number],
  cells: Cell[] = Array.from({ length: rows }, (_, row) => rowOf(columns, row)).flat(),
): Layout => ({ id, label, shape, columns, rows, cells });

export const LAYOUTS: readonly Layout[] = [
  grid('large-6', '6分割（3×2）', 'large', [3, 2]),
  grid('large-4', '4分割（2×2）', 'large', [2, 2]),
  grid('large-1-3', '上1・下3', 'large', [3, 2], [[0, 0, 3, 1], ...rowOf(3, 1)]),
  grid('large-1-2', '上1・下2', 'large', [2, 2], [[0, 0, 2, 1], ...rowOf(2, 1)]),
  grid(
    'large-left-2',
    '左1・右2',
    'large',
    [2, 2],
    [
      [0, 0, 1, 2],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ],
  ),
  grid('large-2-columns', '左右2分割', 'large', [2, 1]),
  grid('large-2-rows', '上下2分割', 'large', [1, 2]),
  ...[2, 3, 4].map((tabs) =>
    grid(
      `large-tabs-${tabs}`,
      `タブ${tabs}つ＋本体`,
      'large',
      [tabs, 6],
      [...rowOf(tabs, 0), [0, 1, tabs, 5]],
    ),
  ),
  grid('large-1', '1つ（全体）', 'large', [1, 1]),
  grid('small-3', '3分割', 'small', [3, 1]),
  grid('small-2', '2分割', 'small', [2, 1]),
  grid(
    'small-1-2',
    '左1/3・右2/3',
    'small',
    [3, 1],
    [
      [0, 0, 1, 1],
      [1, 0, 2, 1],
    ],
  ),
  grid('small-1', '1つ（全体）', 'small', [1, 1]),
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
