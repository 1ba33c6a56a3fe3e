import type { LandingBlock, LandingBlockType, LandingChoices } from '@tsunagu/contracts';
import { LANDING_BLOCK_LABELS } from '@tsunagu/contracts';
import type { ComponentConfig, Config, Data } from '@puckeditor/core';
import type { ReactNode } from 'react';

/** One Puck component per block type (decision 0344); the props are the block's own fields. */
type Props = Record<string, unknown>;
const text = (label: string) => ({ type: 'text' as const, label });
const area = (label: string) => ({ type: 'textarea' as const, label });
/**
 * A block's image, form or salon, chosen by name from the account's own (decision 0423). An id
 * no longer offered (deleted meanwhile) stays choosable as 「#12（見つかりません）」 so the page
 * still opens; saving it is refused by the server by field.
 */
const choice = (label: string, options: { id: number; name: string }[]) => ({
  type: 'select' as const,
  label,
  options:
    options.length > 0
      ? options.map((option) => ({ label: option.name, value: option.id }))
      : [{ label: '（まだありません）', value: 0 }],
});
const firstId = (options: { id: number }[]) => options[0]?.id ?? 0;
const button = (label: string, className: string) => (
  <span className={`lp-preview__button ${className}`}>{label || 'ボタン'}</span>
);

const component = (
  type: LandingBlockType,
  fields: ComponentConfig['fields'],
  defaultProps: Props,
  render: (props: Props) => ReactNode,
): ComponentConfig => ({
  label: LANDING_BLOCK_LABELS[type],
  fields,
  defaultProps,
  render: (props) => <>{render(props as Props)}</>,
});

/** The editor's blocks, their pickers filled with the account's own choices. */
export function puckConfigFor(choices: LandingChoices): Config {
  const images = choices.images.map((image) => ({ id: image.id, name: image.label }));
  const imageUrl = new Map(choices.images.map((image) => [image.id, image.url]));
  const nameOf = (options: { id: number; name: string }[], id: unknown) =>
    options.find((option) => option.id === Number(id))?.name ?? `#${String(id)}（見つかりません）`;
  return {
    // The page's title and address are the form's own fields above the editor: the root has no
    // fields of Puck's (its default English "title" field is not shown).
    root: { label: 'ページ全体', fields: {} },
    components: {
      heading: component(
        'heading',
        {
          text: text('見出し'),
          level: {
            type: 'radio',
            label: '大きさ',
            options: [
              { label: '大', value: 1 },
              { label: '中', value: 2 },
            ],
          },
        },
        { text: '見出し', level: 2 },
        (p) => (p.level === 1 ? <h1>{String(p.text)}</h1> : <h2>{String(p.text)}</h2>),
      ),
      text: component('text', { text: area('文章') }, { text: '文章' }, (p) => (
        <p className="lp-preview__text">{String(p.text)}</p>
      )),
      image: component(
        'image',
        { image_id: choice('画像（メッセージ画像）', images), alt: text('代替テキスト') },
        { image_id: firstId(images), alt: '' },
        (p) => {
          const url = imageUrl.get(Number(p.image_id));
          return url ? (
            <img className="lp-preview__img" src={url} alt={String(p.alt)} />
          ) : (
            <div className="lp-preview__image">画像 {nameOf(images, p.image_id)}</div>
          );
        },
      ),
      friend_button: component(
        'friend_button',
        { label: text('ボタンの文字') },
        { label: 'LINEで友だち追加' },
        (p) => button(String(p.label), 'lp-preview__button--line'),
      ),
      booking_button: component(
        'booking_button',
        { label: text('ボタンの文字'), salon_id: choice('予約ページ（サロン）', choices.salons) },
        { label: '予約する', salon_id: firstId(choices.salons) },
        (p) => button(String(p.label), ''),
      ),
      form: component(
        'form',
        { label: text('ボタンの文字'), form_id: choice('フォーム', choices.forms) },
        { label: 'フォームに答える', form_id: firstId(choices.forms) },
        (p) => button(String(p.label), ''),
      ),
      coupon: component(
        'coupon',
        {
          title: text('クーポン名'),
          description: area('説明'),
          code: text('クーポンコード'),
          valid_until: text('有効期限（YYYY-MM-DD、空欄なら無期限）'),
        },
        { title: 'クーポン', description: '', code: '', valid_until: '' },
        (p) => (
          <div className="lp-preview__coupon">
            <strong>{String(p.title)}</strong>
            {p.description ? <p>{String(p.description)}</p> : null}
            {p.code ? <div>{String(p.code)}</div> : null}
          </div>
        ),
      ),
      map: component('map', { address: text('住所') }, { address: '' }, (p) => (
        <p>
          {String(p.address)}
          <br />
          {button('地図を開く', '')}
        </p>
      )),
      faq: component(
        'faq',
        {
          items: {
            type: 'array',
            label: '質問と答え',
            arrayFields: { question: text('質問'), answer: area('答え') },
            defaultItemProps: { question: '質問', answer: '答え' },
          },
        },
        { items: [{ question: '質問', answer: '答え' }] },
        (p) => (
          <>
            {((p.items as { question: string; answer: string }[]) ?? []).map((item, index) => (
              <details key={index}>
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </>
        ),
      ),
    },
  };
}

/** The page's blocks as Puck's data, and back (Puck's `id` prop is dropped). */
export function dataOfBlocks(blocks: LandingBlock[]): Data {
  return {
    root: { props: {} },
    content: blocks.map((block, index) => {
      const { type, ...props } = block as LandingBlock & Props;
      const shown = type === 'coupon' ? { ...props, valid_until: props.valid_until ?? '' } : props;
      return { type, props: { ...shown, id: `${type}-${index}` } };
    }),
  };
}

export function blocksOfData(data: Data): LandingBlock[] {
  return data.content.map((item) => {
    const { id: _id, ...props } = item.props as Props;
    const block = { type: item.type, ...props } as Props;
    if (item.type === 'coupon') block.valid_until = block.valid_until ? block.valid_until : null;
    if (item.type === 'heading') block.level = Number(block.level);
    // A picker's value as the id the server expects, whatever type the select hands back.
    for (const key of ['image_id', 'form_id', 'salon_id'])
      if (key in block) block[key] = Number(block[key]);
    return block as LandingBlock;
  });
}
