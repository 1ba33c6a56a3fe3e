import { useId, useState } from 'react';
import { useInsertables } from '@/lib/reference-store';
import { ImageAttach } from '@/ui/image-attach';
import { InsertAliasMenu } from '@/ui/insert-alias';
import { emptyAction } from './message-draft';
import { ActionFields } from './action-fields';
import { emptyCard, FLEX_BUILDER_LIMITS, type CardDraft } from './flex-cards';

/**
 * A card text with 差し込み (decision 0412): the text editor's menu — the friend's LINE name,
 * friend information, common information, forms — puts the alias at the cursor; it is
 * rendered when sent, as in a text message.
 */
function TextInput(props: {
  label: string;
  /** The field's short name for the 差し込み button (「タイトル」). */
  name: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  const id = useId();
  const [wanted, setWanted] = useState(false);
  const { groups, loading } = useInsertables(wanted);
  return (
    <div className="field">
      <div className="template-message__label">
        <label htmlFor={id}>{props.label}</label>
        <InsertAliasMenu
          targetId={id}
          label={`${props.name}に差し込み`}
          value={props.value}
          onChange={props.onChange}
          groups={groups}
          loading={loading}
          onOpen={() => setWanted(true)}
        />
      </div>
      {props.multiline ? (
        <textarea
          id={id}
          rows={3}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** One card: its picture (a hosted image), title, text, price and up to 3 buttons. */
function CardFields(props: {
  number: number;
  card: CardDraft;
  onChange: (card: CardDraft) => void;
  onRemove?: () => void;
}) {
  const { number, card, onChange } = props;
  const name = `カード${number}`;
  const setAction = (at: number, action: CardDraft['actions'][number]) =>
    onChange({ ...card, actions: card.actions.map((old, i) => (i === at ? action : old)) });
  return (
    <fieldset className="flex-card" aria-label={name}>
      <legend>{name}</legend>
      <div className="field">
        <span className="field__label">画像</span>
        {card.imageUrl ? (
          <div className="flex-card__image">
            <img src={card.imageUrl} alt={`${name}の画像`} />
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onChange({ ...card, imageUrl: '' })}
            >
              画像を外す
            </button>
          </div>
        ) : null}
        <ImageAttach
          label={card.imageUrl ? '画像を差し替え' : '画像を選ぶ'}
          onUploaded={(image) => onChange({ ...card, imageUrl: image.original_url })}
        />
      </div>
      <TextInput
        label="タイトル"
        name="タイトル"
        value={card.title}
        onChange={(title) => onChange({ ...card, title })}
      />
      <TextInput
        label="本文"
        name="本文"
        multiline
        value={card.text}
        onChange={(text) => onChange({ ...card, text })}
      />
      <TextInput
        label="価格（例：¥3,300）"
        name="価格"
        value={card.price}
        onChange={(price) => onChange({ ...card, price })}
      />
      {card.actions.map((action, at) => (
        <ActionFields
          key={at}
          number={at + 1}
          action={action}
          onChange={(next) => setAction(at, next)}
          onRemove={() => onChange({ ...card, actions: card.actions.filter((_, i) => i !== at) })}
        />
      ))}
      <div className="flex-card__actions">
        {card.actions.length < FLEX_BUILDER_LIMITS.buttons ? (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => onChange({ ...card, actions: [...card.actions, emptyAction()] })}
          >
            ボタンを追加
          </button>
        ) : null}
        {props.onRemove ? (
          <button type="button" className="btn btn--ghost" onClick={props.onRemove}>
            {`${name}を削除`}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The flex builder (issue 28, decision 0375): cards edited as fields; one card is sent as a
 * bubble, 2–12 as a carousel. The page turns the cards into the checked flex JSON.
 */
export function FlexBuilder(props: { cards: CardDraft[]; onChange: (cards: CardDraft[]) => void }) {
  const { cards, onChange } = props;
  return (
    <div className="flex-builder">
      {cards.map((card, index) => (
        <CardFields
          key={index}
          number={index + 1}
          card={card}
          onChange={(next) => onChange(cards.map((old, i) => (i === index ? next : old)))}
          onRemove={
            cards.length > 1 ? () => onChange(cards.filter((_, i) => i !== index)) : undefined
          }
        />
      ))}
      {cards.length < FLEX_BUILDER_LIMITS.cards ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onChange([...cards, emptyCard()])}
        >
          カードを追加（カルーセル）
        </button>
      ) : (
        <p className="field__hint">カードは{FLEX_BUILDER_LIMITS.cards}枚までです</p>
      )}
    </div>
  );
}
