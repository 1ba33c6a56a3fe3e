import { TAG_TEXT, type Tag, type TagGroup } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { tagPaths } from '../paths';

/** The server refuses (409) too; the button says so before anyone presses it (ADR 0064). */
export const TAG_GROUP_DELETE_BLOCKED = 'タグが残っているグループは削除できません';

type TagGroupSectionProps = {
  /** null: the tags in no group (未分類). */
  group: TagGroup | null;
  tags: readonly Tag[];
  canWrite: boolean;
  onRename?: () => void;
  onDelete?: () => void;
};

/** One group's tags with their friend counts; the controls only for operators with tag-write. */
export function TagGroupSection({
  group,
  tags,
  canWrite,
  onRename,
  onDelete,
}: TagGroupSectionProps) {
  const name = group?.name ?? TAG_TEXT.ungrouped;
  const headingId = `tag-group-${group?.id ?? 'none'}`;
  return (
    <section className="tag-group" aria-labelledby={headingId}>
      <div className="tag-group__header">
        <h2 id={headingId} className="tag-group__name">
          {name}
          <span className="tag-group__count">{tags.length}件</span>
        </h2>
        {canWrite ? (
          <div className="tag-group__actions">
            <Link className="btn" to={tagPaths.create(group?.id ?? null)}>
              タグを追加
            </Link>
            {group ? (
              <>
                <button type="button" className="btn" onClick={onRename}>
                  名前を変更
                </button>
                <button
                  type="button"
                  className="btn btn--danger"
                  onClick={onDelete}
                  disabled={tags.length > 0}
                  title={tags.length > 0 ? TAG_GROUP_DELETE_BLOCKED : undefined}
                >
                  グループを削除
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {tags.length === 0 ? (
        <p className="text-muted tag-group__empty">タグはまだありません</p>
      ) : (
        <ul className="tag-group__tags">
          {tags.map((tag) => (
            <li key={tag.id} className="tag-row">
              {canWrite ? (
                <Link className="tag-row__name" to={tagPaths.edit(tag.id)}>
                  {tag.name}
                </Link>
              ) : (
                <span className="tag-row__name">{tag.name}</span>
              )}
              <span className="tag-row__count">{tag.friend_count.toLocaleString('ja-JP')}人</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
