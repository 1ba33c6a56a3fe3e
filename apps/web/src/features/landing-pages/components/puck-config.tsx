import type { LandingBlock, LandingBlockType } from '@tsunagu/contracts';
import { LANDING_BLOCK_LABELS } from '@tsunagu/contracts';
import type { ComponentConfig, Config, Data } from '@puckeditor/core';
import type { ReactNode } from 'react';

/** One Puck component per block type (decision 0344); the props are the block's own fields. */
type Props = Record<string, unknown>;
const text = (label: string) => ({ type: 'text' as const, label });
const area = (label: string) => ({ type: 'textarea' as const, label });
const id = (label: string) => ({ type: 'number' as const, label, min: 1 });
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

export const puckConfig: Config = {
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
      { image_id: id('画像ID（メッセージ画像）'), alt: text('代替テキスト') },
      { image_id: 1, alt: '' },
      (p) => <div className="lp-preview__image">画像 #{String(p.image_id)}</div>,
    ),
    friend_button: component(
      'friend_button',
      { label: text('ボタンの文字') },
      { label: 'LINEで友だち追加' },
      (p) => button(String(p.label), 'lp-preview__button--line'),
    ),
    booking_button: component(
      'booking_button',
      { label: text('ボタンの文字'), salon_id: id('サロンID') },
      { label: '予約する', salon_id: 1 },
      (p) => button(String(p.label), ''),
    ),
    form: component(
      'form',
      { label: text('ボタンの文字'), form_id: id('フォームID') },
      { label: 'フォームに答える', form_id: 1 },
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
    return block as LandingBlock;
  });
}
