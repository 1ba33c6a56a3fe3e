export { ListTable, type ListTableProps } from './list-table';
export type { ListTableColumn, RowId, TableRow } from './types';
export { nextSort, compareValues, type SortEntry, type SortOrder } from './sort-state';
export { DEBUG_CLICK_COUNT, DEBUG_CLICK_WINDOW_MS, registerHeaderClick } from './debug-toggle';
export { DRAG_ANIMATION_MS } from './table-row';
export { VIRTUALIZE_AFTER_ROWS } from './use-virtual-rows';
