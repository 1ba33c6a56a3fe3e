import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useDebugToggle } from './debug-toggle';
import { HeaderCell } from './header-cell';
import { compareValues, nextSort, toSortingState, type SortEntry } from './sort-state';
import { PlainRow, SortableRow } from './table-row';
import type { ListTableColumn, RowId, TableRow } from './types';
import { DRAG_ANNOUNCEMENTS, useRowOrder } from './use-row-order';
import { useSelection } from './use-selection';
import { useVirtualRows } from './use-virtual-rows';
import './list-table.css';

export type ListTableProps<T extends TableRow> = {
  rows: readonly T[];
  columns: readonly ListTableColumn<T>[];
  /** The table's accessible name. */
  label: string;
  /** UI-33: the row identity field, 'id' unless given. */
  idKey?: string;
  /** UI-39 */
  selectable?: boolean;
  selectedIds?: readonly RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
  /** UI-40: drag handles; onReorder gets every row in the new order. Off while sorted. */
  draggable?: boolean;
  onReorder?: (rows: T[]) => void;
  /** UI-36 */
  multiSort?: boolean;
  /** UI-38: sort the rows here; otherwise the caller sorts (e.g. on the server) from `sort`. */
  clientSort?: boolean;
  /** UI-37: controlled sort state; uncontrolled when omitted. */
  sort?: readonly SortEntry[];
  onSortChange?: (entries: SortEntry[]) => void;
  loading?: boolean;
  emptyText?: string;
  /** UI-42: shown instead of rows while the first load runs. */
  loadingText?: string;
  /** UI-42: shown above the rows while a reload runs. */
  reloadingText?: string;
  /** UI-44: lets three header clicks within 2 s toggle the debug mode (UI-43, UI-45). */
  allowDebug?: boolean;
  orderKey?: string;
  createdKey?: string;
  /** Names a row in checkbox and handle labels; 'ID {id}' by default. */
  rowLabel?: (row: T) => string;
  /** Height of the scrolling area once rows are virtualised. */
  maxHeight?: number;
};

/** The list table (spec §2, UI-33..UI-45) on TanStack Table, dnd-kit and TanStack Virtual. */
export function ListTable<T extends TableRow>(props: ListTableProps<T>) {
  const { rows, columns, label, idKey = 'id', selectable = false, draggable = false } = props;
  const { multiSort = false, clientSort = false, loading = false, allowDebug = false } = props;
  const { emptyText = '表示するデータがありません', loadingText = '取得中...' } = props;
  const { reloadingText = '読み込み中...', orderKey = 'order', createdKey = 'created_at' } = props;
  const idOf = (row: T) => String(row[idKey]);
  const labelOf = props.rowLabel ?? ((row: T) => `ID ${String(row[idKey])}`);

  const [ownSort, setOwnSort] = useState<SortEntry[]>([]);
  const sort = props.sort ?? ownSort;
  const changeSort = (entries: SortEntry[]) => {
    if (!props.sort) setOwnSort(entries);
    props.onSortChange?.(entries);
  };

  const sorting = useMemo(() => toSortingState(sort), [sort]);
  const selection = useSelection(rows, idKey, props.selectedIds, props.onSelectionChange);
  const { debug, onHeaderClick } = useDebugToggle(allowDebug);

  const tanstackColumns = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        accessorFn: (row: T) => (column.sortValue ? column.sortValue(row) : row[column.key]),
        sortingFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
        enableSorting: !!column.sortable,
      })),
    [columns],
  );
  const table = useReactTable<T>({
    data: rows as T[],
    columns: tanstackColumns,
    getRowId: (row) => String(row[idKey]),
    state: { sorting },
    manualSorting: !clientSort,
    enableMultiSort: multiSort,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const shown = table.getRowModel().rows.map((row) => row.original);
  // dnd-kit re-measures whenever the items array changes identity; a fresh array on every
  // render would measure, re-render and measure again for as long as a drag lasts.
  const idsKey = shown.map(idOf).join('\n');
  const sortableIds = useMemo(() => (idsKey === '' ? [] : idsKey.split('\n')), [idsKey]);

  const order = useRowOrder(rows, idOf, props.onReorder);
  const dragDisabled = sort.length > 0; // the visible order is not the stored one
  const virtual = useVirtualRows(shown.length, props.maxHeight);
  const span = columns.length + (selectable ? 1 : 0) + (draggable ? 1 : 0) + (debug ? 2 : 0);

  const renderRow = (row: T, index: number) => {
    const id = idOf(row);
    const common = {
      id,
      row,
      columns,
      selectable,
      label: labelOf(row),
      selected: selection.isSelected(id),
      onToggle: () => selection.toggle(id),
      rowIndex: virtual.enabled ? index + 2 : undefined,
      measure: virtual.measure(index),
      debugCells: debug ? (
        <>
          <td className="list-table__debug-cell" data-label="順序">
            {String(row[orderKey] ?? '')}
          </td>
          <td className="list-table__debug-cell" data-label="作成日時">
            {String(row[createdKey] ?? '')}
          </td>
        </>
      ) : null,
    };
    return draggable ? (
      <SortableRow
        key={id}
        {...common}
        dragDisabled={dragDisabled}
        onMoveBy={(delta) => order.moveBy(id, delta)}
      />
    ) : (
      <PlainRow key={id} {...common} />
    );
  };

  const body =
    shown.length === 0 ? (
      <tr>
        <td colSpan={span} className="table__empty" role={loading ? 'status' : undefined}>
          {loading ? loadingText : emptyText}
        </td>
      </tr>
    ) : (
      virtual.render(shown, renderRow, span)
    );

  const tableElement = (
    <table
      className="table list-table__table"
      aria-label={label}
      aria-busy={loading || undefined}
      aria-rowcount={virtual.enabled ? shown.length + 1 : undefined}
    >
      <thead onClick={onHeaderClick}>
        <tr aria-rowindex={virtual.enabled ? 1 : undefined}>
          {draggable ? (
            <th scope="col" className="list-table__handle-cell">
              <span className="visually-hidden">並び替え</span>
            </th>
          ) : null}
          {selectable ? (
            <th scope="col" className="list-table__check">
              <input
                type="checkbox"
                aria-label="すべて選択"
                checked={selection.all}
                ref={(input) => {
                  if (input) input.indeterminate = selection.some && !selection.all;
                }}
                onChange={selection.toggleAll}
              />
            </th>
          ) : null}
          {columns.map((column) => (
            <HeaderCell
              key={column.key}
              header={column.header}
              sortable={!!column.sortable}
              entries={sort}
              columnKey={column.key}
              showPriority={multiSort}
              align={column.align}
              onSort={() => changeSort(nextSort(sort, column.key, multiSort))}
            />
          ))}
          {debug ? (
            <>
              <th scope="col">順序</th>
              <th scope="col">作成日時</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );

  return (
    <div className="list-table">
      {debug ? (
        <p className="list-table__debug-note" role="status">
          デバッグ表示中（見出しを2秒以内に3回クリックで解除）
        </p>
      ) : null}
      {loading && shown.length > 0 ? (
        <p className="list-table__reloading" role="status">
          {reloadingText}
        </p>
      ) : null}
      <div
        ref={virtual.scrollRef}
        className="list-table__scroll"
        style={virtual.enabled ? { maxHeight: virtual.height, overflowY: 'auto' } : undefined}
        tabIndex={virtual.enabled ? 0 : undefined}
        role={virtual.enabled ? 'region' : undefined}
        aria-label={virtual.enabled ? `${label}（スクロール）` : undefined}
      >
        {draggable ? (
          <DndContext
            sensors={order.sensors}
            collisionDetection={closestCenter}
            onDragEnd={order.onDragEnd}
            accessibility={{
              announcements: DRAG_ANNOUNCEMENTS,
              screenReaderInstructions: {
                draggable:
                  '↑↓キーで行を1つずつ移動できます。マウスや指ではドラッグして移動します。',
              },
            }}
          >
            <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
              {tableElement}
            </SortableContext>
          </DndContext>
        ) : (
          tableElement
        )}
      </div>
      {draggable ? (
        <p className="visually-hidden" role="status">
          {order.message}
        </p>
      ) : null}
    </div>
  );
}
