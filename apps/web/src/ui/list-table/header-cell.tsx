import type { SortEntry } from './sort-state';

type HeaderCellProps = {
  header: string;
  sortable: boolean;
  entries: readonly SortEntry[];
  columnKey: string;
  showPriority: boolean;
  align?: 'start' | 'end';
  onSort: () => void;
};

const ORDER_LABEL = { asc: '昇順', desc: '降順' } as const;

/**
 * A column header. aria-sort goes on the primary sort column only (ARIA allows one); the others
 * say their order and priority (UI-36) in their button text.
 */
export function HeaderCell(props: HeaderCellProps) {
  const { header, sortable, entries, columnKey, showPriority, align, onSort } = props;
  const position = entries.findIndex((entry) => entry.key === columnKey);
  const entry = entries[position];
  const ariaSort = !sortable
    ? undefined
    : position === 0 && entry
      ? entry.order === 'asc'
        ? 'ascending'
        : 'descending'
      : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={align === 'end' ? 'table__number' : undefined}>
      {sortable ? (
        <button type="button" className="list-table__sort" onClick={onSort}>
          {header}
          <span aria-hidden="true" className="list-table__sort-mark">
            {entry ? (entry.order === 'asc' ? '▲' : '▼') : '⇅'}
          </span>
          {entry && showPriority ? (
            <span className="list-table__priority" data-testid={`sort-priority-${columnKey}`}>
              {position + 1}
            </span>
          ) : null}
          {entry ? (
            <span className="visually-hidden">
              （{ORDER_LABEL[entry.order]}
              {showPriority ? `・優先順位${position + 1}` : ''}）
            </span>
          ) : null}
        </button>
      ) : (
        header
      )}
    </th>
  );
}
