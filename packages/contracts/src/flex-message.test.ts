import { describe, expect, it } from 'vitest';
import { FLEX_LIMITS, flexContainerProblems, flexProblemText } from './flex-message.js';
import { templateInputSchema } from './message-templates.js';

/** LINE's own sample bubble (the restaurant card of the Flex Message Simulator), trimmed. */
const restaurant = {
  type: 'bubble',
  hero: {
    type: 'image',
    url: 'https://developers-resource.landpress.line.me/fx/img/01_1_cafe.png',
    size: 'full',
    aspectRatio: '20:13',
    aspectMode: 'cover',
    action: { type: 'uri', uri: 'https://line.me/' },
  },
  body: {
    type: 'box',
    layout: 'vertical',
    contents: [
      { type: 'text', text: 'Brown Cafe', weight: 'bold', size: 'xl' },
      {
        type: 'box',
        layout: 'baseline',
        margin: 'md',
        contents: [
          {
            type: 'icon',
            size: 'sm',
            url: 'https://developers-resource.landpress.line.me/fx/img/review_gold_star_28.png',
          },
          { type: 'text', text: '4.0', size: 'sm', color: '#999999', margin: 'md', flex: 0 },
        ],
      },
      { type: 'separator', margin: 'md' },
      {
        type: 'text',
        contents: [
          { type: 'span', text: '営業時間 ', weight: 'bold' },
          { type: 'span', text: '10:00 - 23:00' },
        ],
      },
    ],
  },
  footer: {
    type: 'box',
    layout: 'vertical',
    spacing: 'sm',
    contents: [
      {
        type: 'button',
        style: 'link',
        height: 'sm',
        action: { type: 'uri', label: 'CALL', uri: 'https://line.me/' },
      },
      {
        type: 'button',
        style: 'primary',
        action: { type: 'message', label: '予約', text: '予約したい' },
      },
      { type: 'filler' },
    ],
    flex: 0,
  },
};

const paths = (container: unknown) => flexContainerProblems(container).map(flexProblemText);

describe('flex message container (issue 14, decision 0165)', () => {
  it('takes LINE’s own samples: a bubble and a carousel of them', () => {
    expect(paths(restaurant)).toEqual([]);
    expect(paths({ type: 'carousel', contents: [restaurant, restaurant] })).toEqual([]);
  });

  it('names an unknown component and a wrong enum where they are', () => {
    const broken = JSON.parse(JSON.stringify(restaurant)) as typeof restaurant;
    (broken.body.contents[0] as Record<string, unknown>).type = 'texxt';
    (broken.footer.contents[0] as Record<string, unknown>).style = 'danger';
    (broken.body.contents[3] as Record<string, unknown>).size = 'huge';
    expect(paths(broken)).toEqual([
      'body.contents[0].type: 不明なコンポーネントです（"texxt"）',
      'body.contents[3].size: size は "xxs"・"xs"・"sm"・"md"・"lg"・"xl"・"xxl"・"3xl"・"4xl"・"5xl" か "12px" のような大きさにしてください',
      'footer.contents[0].style: style は "primary"・"secondary"・"link" のいずれかにしてください',
    ]);
  });

  it('refuses what LINE refuses: missing layout, a button without action, http images, a bad action', () => {
    expect(
      paths({
        type: 'bubble',
        hero: { type: 'image', url: 'http://example.jp/a.png' },
        body: {
          type: 'box',
          contents: [
            { type: 'button' },
            { type: 'text', text: 'x', action: { type: 'open' } },
            { type: 'icon', url: 'https://example.jp/i.png' },
          ],
        },
      }),
    ).toEqual([
      'hero.url: url は https:// で始まるURLにしてください',
      'body.layout: layout が必要です',
      'body.contents[0].action: action が必要です',
      'body.contents[1].action.type: action の type は postback・message・uri・datetimepicker・camera・cameraRoll・location・richmenuswitch・clipboard のいずれかにしてください',
      'body.contents[2].type: "icon" は layout が "baseline" のボックスの中でだけ使えます',
    ]);
  });

  it('refuses a carousel of more than 12 bubbles, a header that is not a box, and nesting too deep', () => {
    expect(
      paths({
        type: 'carousel',
        contents: Array(FLEX_LIMITS.carouselBubbles + 1).fill(restaurant),
      }),
    ).toEqual(['contents: carousel の contents はバブル1〜12個の配列にしてください']);
    expect(paths({ type: 'bubble', header: { type: 'text', text: 'x' } })).toEqual([
      'header: ヘッダー・ボディ・フッターは "box" にしてください',
    ]);
    let deep: Record<string, unknown> = { type: 'text', text: '底' };
    for (let level = 0; level < FLEX_LIMITS.depth + 1; level += 1)
      deep = { type: 'box', layout: 'vertical', contents: [deep] };
    expect(paths({ type: 'bubble', body: deep })).toEqual([
      `body${'.contents[0]'.repeat(FLEX_LIMITS.depth)}: ボックスの入れ子が深すぎます（10段まで）`,
    ]);
    expect(paths('bubble')).toEqual(['(全体): JSONのオブジェクト（{ … }）にしてください']);
    expect(paths({ type: 'bubbles' })).toEqual([
      'type: type は "bubble" か "carousel" にしてください',
    ]);
  });

  it('a flex template is refused with the problem named in its message', () => {
    const result = templateInputSchema.safeParse({
      name: 'カード',
      group_id: null,
      kind: 'flex',
      messages: [
        {
          type: 'flex',
          altText: 'お店のご案内',
          contents: { type: 'bubble', body: { type: 'box' } },
        },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message).join('\n')).toContain(
      'body.layout: layout が必要です',
    );
  });
});
