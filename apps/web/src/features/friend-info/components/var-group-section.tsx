import { VAR_TEXT, VAR_TYPE_LABELS, isChoiceType, type VarItem } from '@tsunagu/contracts';
import { ListTable, type ListTableColumn } from '@/ui/list-table';

/** The server refuses (409) too; the button says so before anyone presses it (ADR 0064). */
export const VAR_GROUP_DELETE_BLOCKED = '項目が残っているフォルダは削除できません';

export type ItemActions = {
  onEdit: (item: VarItem) => void;
  onChoices: (item: VarItem) => void;
  onDelete: (item: VarItem) => void;
  onFavorite: (item: VarItem) => void;
};

type VarGroupSectionProps = {
  /** null: the items in no folder (未分類). */
  group: { id: number; name: string } | null;
  items: readonly VarItem[];
  canWrite: boolean;
  actions: ItemActions;
  onAdd: () => void;
  onRename?: () => void;
  onDelete?: () => void;
  onReorder: (ids: number[]) => void;
  /** Moves the folder one place up (-1) or down (1); absent where it cannot go that way. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
};

function columnsFor(canWrite: boolean, actions: ItemActions): ListTableColumn<VarItem>[] {
  const star = (item: VarItem) =>
    canWrite ? (
      <button
        type="button"
        className={`var-star${item.favorite ? ' var-star--on' : ''}`}
        aria-pressed={item.favorite}
        aria-label={`「${item.name}」をお気に入り`}
        onClick={() => actions.onFavorite(item)}
      >
        {item.favorite ? '★' : '☆'}
      </button>
    ) : (
      <span className="var-star" aria-label={item.favorite ? 'お気に入り' : undefined}>
        {item.favorite ? '★' : ''}
      </span>
    );
  const columns: ListTableColumn<VarItem>[] = [
    { key: 'favorite', header: 'お気に入り', cell: star },
    { key: 'name', header: '項目名' },
    { key: 'type', header: '種類', cell: (item) => VAR_TYPE_LABELS[item.type] },
  ];
  if (!canWrite) {
    // Read-only operators still see what a choice field offers.
    columns.push({
      key: 'choices',
      header: '選択肢',
      cell: (item) =>
        isChoiceType(item.type) ? (
          <button type="button" className="btn btn--small" onClick={() => actions.onChoices(item)}>
            選択肢を見る
          </button>
        ) : null,
    });
    return columns;
  }
  columns.push({
    key: 'actions',
    header: '操作',
    cell: (item) => (
      <span className="var-actions">
        <button type="button" className="btn btn--small" onClick={() => actions.onEdit(item)}>
          編集
        </button>
        {isChoiceType(item.type) ? (
          <button type="button" className="btn btn--small" onClick={() => actions.onChoices(item)}>
            選択肢
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--small btn--danger"
          onClick={() => actions.onDelete(item)}
        >
          削除
        </button>
      </span>
    ),
  });
  return columns;
}

/** One folder's items, reordered by drag (or keyboard) by operators with tag-write. */
export function VarGroupSection(props: VarGroupSectionProps) {
  const { group, items, canWrite } = props;
  const name = group?.name ?? VAR_TEXT.ungrouped;
  const headingId = `var-group-${group?.id ?? 'none'}`;
  return (
    <section className="var-group" aria-labelledby={headingId}>
      <div className="var-group__header">
        <h2 id={headingId} className="var-group__name">
          {name}
          <span className="var-group__count">{items.length}件</span>
        </h2>
        {canWrite ? (
          <div className="var-group__actions">
            <button type="button" className="btn" onClick={props.onAdd}>
              項目を追加
            </button>
            {group ? (
              <>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={props.onMoveUp}
                  disabled={!props.onMoveUp}
                  aria-label={`フォルダ「${name}」を上へ`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={props.onMoveDown}
                  disabled={!props.onMoveDown}
                  aria-label={`フォルダ「${name}」を下へ`}
                >
                  ↓
                </button>
                <button type="button" className="btn" onClick={props.onRename}>
                  名前を変更
                </button>
                <button
                  type="button"
                  className="btn btn--danger"
                  onClick={props.onDelete}
                  disabled={items.length > 0}
                  title={items.length > 0 ? VAR_GROUP_DELETE_BLOCKED : undefined}
                >
                  フォルダを削除
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-muted var-group__empty">項目はまだありません</p>
      ) : (
        <ListTable
          rows={items}
          columns={columnsFor(canWrite, props.actions)}
          label={name}
          draggable={canWrite && items.length > 1}
          onReorder={(rows) => props.onReorder(rows.map((row) => row.id))}
          rowLabel={(item) => item.name}
        />
      )}
    </section>
  );
}
