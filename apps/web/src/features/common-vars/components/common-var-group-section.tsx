import { COMMON_VAR_TEXT, COMMON_VAR_TYPE_LABELS, type CommonVarItem } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { commonVarPaths } from '../paths';

/** The server refuses (409) too; the button says so before anyone presses it (ADR 0064). */
export const COMMON_VAR_GROUP_DELETE_BLOCKED = '項目が残っているフォルダは削除できません';

export const aliasOf = (item: Pick<CommonVarItem, 'code'>) => `{{commonVar:${item.code}}}`;

export type CommonVarActions = {
  onFavorite: (item: CommonVarItem) => void;
  onCopyAlias: (item: CommonVarItem) => void;
  onDelete: (item: CommonVarItem) => void;
};

/** A value as the operator reads it: a date as yyyy/MM/dd, nothing as —. */
function shownValue(item: CommonVarItem) {
  if (item.value === '') return <span className="text-muted">—</span>;
  return item.type === 'date' ? item.value.replaceAll('-', '/') : item.value;
}

function columnsFor(actions: CommonVarActions): ListTableColumn<CommonVarItem>[] {
  return [
    {
      key: 'favorite',
      header: 'お気に入り',
      cell: (item) => (
        <button
          type="button"
          className={`common-var-star${item.favorite ? ' common-var-star--on' : ''}`}
          aria-pressed={item.favorite}
          aria-label={`「${item.name}」をお気に入り`}
          onClick={() => actions.onFavorite(item)}
        >
          {item.favorite ? '★' : '☆'}
        </button>
      ),
    },
    { key: 'name', header: '項目名' },
    {
      key: 'code',
      header: '差し込み',
      cell: (item) => (
        <span className="common-var-alias">
          <code>{aliasOf(item)}</code>
          <button
            type="button"
            className="btn btn--small"
            aria-label={`「${item.name}」の差し込みをコピー`}
            onClick={() => actions.onCopyAlias(item)}
          >
            コピー
          </button>
        </span>
      ),
    },
    { key: 'type', header: '種類', cell: (item) => COMMON_VAR_TYPE_LABELS[item.type] },
    {
      key: 'value',
      header: '値',
      cell: (item) => <span className="common-var-value">{shownValue(item)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      cell: (item) => (
        <span className="common-var-actions common-var-actions--row">
          <Link className="btn btn--small" to={commonVarPaths.edit(item.id)}>
            編集
          </Link>
          <Link
            className="btn btn--small"
            to={commonVarPaths.copy(item.id)}
            aria-label={`「${item.name}」を複製`}
          >
            複製
          </Link>
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => actions.onDelete(item)}
          >
            削除
          </button>
        </span>
      ),
    },
  ];
}

type CommonVarGroupSectionProps = {
  /** null: the items in no folder (未分類). */
  group: { id: number; name: string } | null;
  items: readonly CommonVarItem[];
  actions: CommonVarActions;
  onRename?: () => void;
  onDelete?: () => void;
};

/** One folder's items with their code, value and actions. */
export function CommonVarGroupSection(props: CommonVarGroupSectionProps) {
  const { group, items } = props;
  const name = group?.name ?? COMMON_VAR_TEXT.ungrouped;
  const headingId = `common-var-group-${group?.id ?? 'none'}`;
  return (
    <section className="common-var-group" aria-labelledby={headingId}>
      <div className="common-var-group__header">
        <h2 id={headingId} className="common-var-group__name">
          {name}
          <span className="common-var-group__count">{items.length}件</span>
        </h2>
        {group ? (
          <div className="common-var-actions">
            <button type="button" className="btn" onClick={props.onRename}>
              名前を変更
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={props.onDelete}
              disabled={items.length > 0}
              title={items.length > 0 ? COMMON_VAR_GROUP_DELETE_BLOCKED : undefined}
            >
              フォルダを削除
            </button>
          </div>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-muted">項目はまだありません</p>
      ) : (
        <ListTable
          rows={items}
          columns={columnsFor(props.actions)}
          label={name}
          rowLabel={(item) => item.name}
        />
      )}
    </section>
  );
}
