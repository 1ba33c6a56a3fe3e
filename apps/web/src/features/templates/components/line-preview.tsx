import { ALIAS_TYPES } from '@tsunagu/contracts';
import { Fragment, type ReactNode } from 'react';
import type { ActionDraft, MessageDraft } from './message-draft';
import { otherLabel } from './message-draft';

/** The aliases of REF-14 as the server renders them (contracts' message-aliases.ts). */
const ALIAS = new RegExp(`(\\{\\{(?:${ALIAS_TYPES.join('|')}):[A-Za-z0-9_-]{1,64}\\}\\})`);

/** Text with each alias shown as a chip 「呼び名」 (its item's name, else the alias itself). */
export function WithAliases({
  text,
  aliasName,
}: {
  text: string;
  aliasName: (alias: string) => string;
}) {
  return (
    <>
      {text.split(ALIAS).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="line-preview__alias" title={part}>
            「{aliasName(part)}」
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Buttons({ actions }: { actions: readonly ActionDraft[] }) {
  return (
    <div className="line-preview__actions">
      {actions.map((action, index) => (
        <span key={index} className="line-preview__action">
          {action.label || 'ボタン'}
        </span>
      ))}
    </div>
  );
}

function Bubble({ draft, aliasName }: { draft: MessageDraft; aliasName: (a: string) => string }) {
  const text = (value: string) => <WithAliases text={value} aliasName={aliasName} />;
  switch (draft.type) {
    case 'text':
      return <div className="line-preview__bubble">{draft.text ? text(draft.text) : ' '}</div>;
    case 'image': {
      const url = draft.previewImageUrl || draft.originalContentUrl;
      return url.startsWith('https://') ? (
        <img className="line-preview__image" src={url} alt="画像のプレビュー" />
      ) : (
        <div className="line-preview__image line-preview__image--empty">画像</div>
      );
    }
    case 'buttons':
      return (
        <div className="line-preview__card">
          <div className="line-preview__card-body">
            {draft.title ? <p className="line-preview__card-title">{text(draft.title)}</p> : null}
            <p className="line-preview__card-text">{text(draft.text)}</p>
          </div>
          <Buttons actions={draft.actions} />
        </div>
      );
    case 'confirm':
      return (
        <div className="line-preview__card line-preview__card--confirm">
          <div className="line-preview__card-body">
            <p className="line-preview__card-text">{text(draft.text)}</p>
          </div>
          <Buttons actions={draft.actions} />
        </div>
      );
    case 'other':
      return <div className="line-preview__bubble">{otherLabel(draft.message)}</div>;
  }
}

/**
 * A phone-sized picture of how the friend will see the template in LINE (decision 0164): the
 * account's messages as bubbles on the left of the chat's blue-grey, buttons and confirm as
 * cards, images shown, aliases as chips named after their item.
 */
export function LinePreview(props: {
  accountName: string;
  drafts: readonly MessageDraft[];
  aliasName: (alias: string) => string;
  footer?: ReactNode;
}) {
  const { accountName, drafts, aliasName } = props;
  return (
    <figure className="line-preview" aria-label="プレビュー">
      <div className="line-preview__bar">{accountName}</div>
      <div className="line-preview__chat">
        {drafts.length === 0 ? (
          <p className="line-preview__empty">メッセージを追加するとここに表示されます</p>
        ) : (
          drafts.map((draft, index) => (
            <div key={index} className="line-preview__row" data-testid="preview-message">
              {index === 0 ? (
                <span className="line-preview__icon" aria-hidden="true">
                  {accountName.slice(0, 1)}
                </span>
              ) : (
                <span className="line-preview__icon line-preview__icon--blank" aria-hidden="true" />
              )}
              <Bubble draft={draft} aliasName={aliasName} />
            </div>
          ))
        )}
      </div>
      {props.footer}
    </figure>
  );
}
