import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { ListTableColumn, TableRow } from './types';

/** UI-40: the drag animation (rows sliding into place) lasts this long. */
export const DRAG_ANIMATION_MS = 150;

/** A virtualised row's measuring hooks (use-virtual-rows.tsx). */
export type RowMeasure = { 'data-index': number; ref: (node: Element | null) => void };

export type RowView<T extends TableRow> = {
  id: string;
  row: T;
  /** 1-based position among all rows, for aria-rowindex when virtualised. */
  rowIndex?: number;
  label: string;
  selected: boolean;
  measure?: RowMeasure;
};

type RowProps<T extends TableRow> = RowView<T> & {
  columns: readonly ListTableColumn<T>[];
  selectable: boolean;
  onToggle: () => void;
  debugCells: ReactNode;
};

function Cells<T extends TableRow>(props: RowProps<T> & { handle?: ReactNode }) {
  const { columns, row, selectable, selected, label, onToggle, handle, debugCells } = props;
  return (
    <>
      {handle}
      {selectable ? (
        <td className="list-table__check" data-label="選択">
          <input
            type="checkbox"
            aria-label={`${label} を選択`}
            checked={selected}
            onChange={onToggle}
          />
        </td>
      ) : null}
      {columns.map((column) => (
        // data-label: on narrow screens a row is a card of 'heading: value' lines (list-table.css);
        // the wrapper keeps a cell's content one piece there.
        <td
          key={column.key}
          className={column.align === 'end' ? 'table__number' : undefined}
          data-label={column.header}
        >
          <div className="list-table__cell">
            {column.cell ? column.cell(row) : String(row[column.key] ?? '')}
          </div>
        </td>
      ))}
      {debugCells}
    </>
  );
}

export function PlainRow<T extends TableRow>(props: RowProps<T>) {
  return (
    <tr
      aria-selected={props.selectable ? props.selected : undefined}
      aria-rowindex={props.rowIndex}
      {...props.measure}
    >
      <Cells {...props} />
    </tr>
  );
}

type SortableRowProps<T extends TableRow> = RowProps<T> & {
  dragDisabled: boolean;
  /** Arrow keys on the handle move the row by one: the keyboard way to reorder. */
  onMoveBy: (delta: -1 | 1) => void;
};

export function SortableRow<T extends TableRow>(props: SortableRowProps<T>) {
  const { id, dragDisabled, onMoveBy, label, measure } = props;
  const sortable = useSortable({
    id,
    disabled: dragDisabled,
    transition: { duration: DRAG_ANIMATION_MS, easing: 'ease' },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: sortable.isDragging ? 'relative' : undefined,
    zIndex: sortable.isDragging ? 1 : undefined,
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (dragDisabled || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMoveBy(event.key === 'ArrowUp' ? -1 : 1);
  };
  const handle = (
    <td className="list-table__handle-cell" data-label="並び替え">
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="list-table__handle"
        aria-label={`${label} を並び替え（↑↓キーで移動）`}
        aria-disabled={dragDisabled || undefined}
        {...sortable.listeners}
        onKeyDown={onKeyDown}
      >
        ⠿
      </button>
    </td>
  );
  return (
    <tr
      ref={(node) => {
        sortable.setNodeRef(node);
        measure?.ref(node);
      }}
      data-index={measure?.['data-index']}
      style={style}
      data-dragging={sortable.isDragging || undefined}
      aria-selected={props.selectable ? props.selected : undefined}
      aria-rowindex={props.rowIndex}
    >
      <Cells {...props} handle={handle} />
    </tr>
  );
}
