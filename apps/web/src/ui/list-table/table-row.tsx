import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { ListTableColumn, TableRow } from './types';

/** UI-40: the drag animation (rows sliding into place) lasts this long. */
export const DRAG_ANIMATION_MS = 150;

export type RowView<T extends TableRow> = {
  id: string;
  row: T;
  /** 1-based position among all rows, for aria-rowindex when virtualised. */
  rowIndex?: number;
  label: string;
  selected: boolean;
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
        <td className="list-table__check">
          <input
            type="checkbox"
            aria-label={`${label} を選択`}
            checked={selected}
            onChange={onToggle}
          />
        </td>
      ) : null}
      {columns.map((column) => (
        <td key={column.key} className={column.align === 'end' ? 'table__number' : undefined}>
          {column.cell ? column.cell(row) : String(row[column.key] ?? '')}
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
  const { id, dragDisabled, onMoveBy, label } = props;
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
    <td className="list-table__handle-cell">
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
      ref={sortable.setNodeRef}
      style={style}
      data-dragging={sortable.isDragging || undefined}
      aria-selected={props.selectable ? props.selected : undefined}
      aria-rowindex={props.rowIndex}
    >
      <Cells {...props} handle={handle} />
    </tr>
  );
}
