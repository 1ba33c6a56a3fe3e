import { TEMPLATE_TEXT, type TemplateSummary } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { templatePaths } from '../paths';
import { WithAliases } from './line-preview';

type Folder = { id: number; name: string };

type TemplateGroupSectionProps = {
  /** null: the templates in no folder (未分類). */
  group: Folder | null;
  templates: readonly TemplateSummary[];
  canWrite: boolean;
  /** The flex-message right: flex templates are written only with it (decision 0161). */
  canFlex: boolean;
  busy: boolean;
  onRename?: () => void;
  onDelete?: () => void;
  onCopy: (template: TemplateSummary) => void;
  onRemove: (template: TemplateSummary) => void;
  onFavorite: (template: TemplateSummary) => void;
  onTestSend: (template: TemplateSummary) => void;
  aliasName: (alias: string) => string;
};

/** One folder's templates; the controls only for operators with template-write. */
export function TemplateGroupSection(props: TemplateGroupSectionProps) {
  const { group, templates, canWrite, canFlex } = props;
  const name = group?.name ?? TEMPLATE_TEXT.ungrouped;
  const headingId = `template-group-${group?.id ?? 'none'}`;
  return (
    <section className="template-group" aria-labelledby={headingId}>
      <div className="template-group__header">
        <h2 id={headingId} className="template-group__name">
          {name}
          <span className="template-group__count">{templates.length}件</span>
        </h2>
        {canWrite ? (
          <div className="template-group__actions">
            <Link className="btn" to={templatePaths.create(group?.id ?? null)}>
              新規作成
            </Link>
            {group ? (
              <>
                <button type="button" className="btn" onClick={props.onRename}>
                  名前を変更
                </button>
                <button type="button" className="btn btn--danger" onClick={props.onDelete}>
                  フォルダを削除
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {templates.length === 0 ? (
        <p className="text-muted template-group__empty">テンプレートはまだありません</p>
      ) : (
        <ul className="template-group__items">
          {templates.map((template) => {
            const flex = template.kind === 'flex';
            const mayWrite = canWrite && (!flex || canFlex);
            const editTo = flex
              ? templatePaths.editFlex(template.id)
              : templatePaths.edit(template.id);
            return (
              <li key={template.id} className="template-row" aria-label={template.name}>
                <div className="template-row__main">
                  <div className="template-row__title">
                    {canWrite ? (
                      <button
                        type="button"
                        className={`template-row__star${template.favorite ? ' is-on' : ''}`}
                        aria-pressed={template.favorite}
                        aria-label={`「${template.name}」をお気に入り`}
                        disabled={props.busy}
                        onClick={() => props.onFavorite(template)}
                      >
                        {template.favorite ? '★' : '☆'}
                      </button>
                    ) : template.favorite ? (
                      <span className="template-row__star is-on" role="img" aria-label="お気に入り">
                        ★
                      </span>
                    ) : null}
                    {mayWrite ? (
                      <Link className="template-row__name" to={editTo}>
                        {template.name}
                      </Link>
                    ) : (
                      <span className="template-row__name">{template.name}</span>
                    )}
                    {flex ? <span className="badge template-row__badge">フレックス</span> : null}
                  </div>
                  <p className="template-row__preview">
                    {template.preview ? (
                      <WithAliases text={template.preview} aliasName={props.aliasName} />
                    ) : (
                      '（本文なし）'
                    )}
                  </p>
                  <p className="template-row__meta text-muted">
                    メッセージ{template.message_count}件・更新{' '}
                    {formatTokyoDateTime(template.updated_at)}
                  </p>
                </div>
                {canWrite ? (
                  <div className="template-row__actions">
                    {mayWrite ? (
                      <>
                        <Link className="btn" to={editTo}>
                          編集
                        </Link>
                        <button
                          type="button"
                          className="btn"
                          disabled={props.busy}
                          onClick={() => props.onCopy(template)}
                        >
                          コピー
                        </button>
                        <button
                          type="button"
                          className="btn btn--danger"
                          onClick={() => props.onRemove(template)}
                        >
                          削除
                        </button>
                      </>
                    ) : null}
                    <button
                      type="button"
                      className="btn"
                      onClick={() => props.onTestSend(template)}
                    >
                      テスト送信
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
