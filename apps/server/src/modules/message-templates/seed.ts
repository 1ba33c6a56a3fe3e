import { templateInputSchema, type TemplateKind } from '@tsunagu/contracts';
import { messageTemplates, templateGroups } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const text = (value: string) => ({ type: 'text', text: value });

/** LINE's basic bubble: a heading, a line of text and a button (decision 0165). */
function birthdayCoupon(bookingUrl: string) {
  return {
    type: 'flex',
    altText: 'お誕生月クーポンをお届けします',
    contents: {
      type: 'bubble',
      body: {
        type: 'box',
        layout: 'vertical',
        contents: [
          { type: 'text', text: 'Happy Birthday!', weight: 'bold', size: 'sm', color: '#b45309' },
          { type: 'text', text: 'お誕生月クーポン', weight: 'bold', size: 'xl', margin: 'md' },
          {
            type: 'text',
            text: 'お誕生月のご来店で、全メニュー20%オフ。トリートメントもお付けします。',
            wrap: true,
            margin: 'md',
          },
          { type: 'text', text: '有効期限：お誕生月の末日まで', size: 'xs', margin: 'lg' },
        ],
      },
      footer: {
        type: 'box',
        layout: 'vertical',
        contents: [
          {
            type: 'button',
            style: 'primary',
            action: { type: 'uri', label: 'クーポンで予約する', uri: bookingUrl },
          },
        ],
      },
    },
  };
}

type DemoTemplate = {
  name: string;
  group: '予約・来店' | 'キャンペーン・クーポン' | null;
  kind?: TemplateKind;
  favorite?: boolean;
  messages: Record<string, unknown>[];
};

export type DemoTemplateIds = {
  greeting: number;
  beforeVisit: number;
  thanks: number;
  nextBooking: number;
  birthday: number;
  birthdayNote: number;
  winter: number;
  comeBack: number;
};

/**
 * The demo's message templates (decision 0161): text with friend aliases, buttons and a confirm,
 * and a flex card, in two folders and outside any. Each is checked by the contract as if an
 * operator saved it. Answers their ids.
 */
export async function seedDemoTemplates(
  tx: Executor,
  input: { accountId: number; formCode: string; bookingUrl: string; birthdayFieldId: number },
): Promise<DemoTemplateIds> {
  const { accountId, formCode, bookingUrl, birthdayFieldId } = input;
  const templates: Record<keyof DemoTemplateIds, DemoTemplate> = {
    greeting: {
      name: '友だち追加のごあいさつ',
      group: null,
      favorite: true,
      messages: [
        text(
          '{{commonVar:shop_name}} です。友だち追加ありがとうございます！\nご予約・ご質問はこのトークでお気軽にどうぞ。',
        ),
        text(
          `初めての方は、ご来店前にカウンセリングシートのご記入をお願いします。\n{{form:${formCode}}}`,
        ),
      ],
    },
    beforeVisit: {
      name: 'ご来店前のご案内',
      group: '予約・来店',
      messages: [
        text(
          'ご予約ありがとうございます。\n当日は {{commonVar:address}} までお越しください。\nご不明な点は {{commonVar:tel}} までお電話ください。',
        ),
      ],
    },
    thanks: {
      name: 'ご来店のお礼',
      group: '予約・来店',
      favorite: true,
      messages: [
        text(
          '本日はご来店ありがとうございました。\n仕上がりはいかがでしょうか？ 気になる点があればこのトークでお知らせください。',
        ),
      ],
    },
    nextBooking: {
      name: '次回ご予約のご案内',
      group: '予約・来店',
      messages: [
        {
          type: 'template',
          altText: '次回のご予約はお済みですか？',
          template: {
            type: 'buttons',
            title: 'そろそろメンテナンスの時期です',
            text: '前回のご来店から1か月。次回のご予約はこちらから。',
            actions: [
              { type: 'uri', label: '予約する', uri: bookingUrl },
              { type: 'message', label: '相談したい', text: '次回の施術について相談したいです' },
            ],
          },
        },
      ],
    },
    birthday: {
      name: 'お誕生月クーポン',
      group: 'キャンペーン・クーポン',
      kind: 'flex',
      messages: [birthdayCoupon(bookingUrl)],
    },
    winter: {
      name: '冬のキャンペーンのお知らせ',
      group: 'キャンペーン・クーポン',
      messages: [
        text(
          '冬の保湿トリートメントキャンペーン実施中！\n{{commonVar:winter_end}} までのご来店で、トリートメントが半額です。',
        ),
        {
          type: 'template',
          altText: 'キャンペーンに参加しますか？',
          template: {
            type: 'confirm',
            text: 'キャンペーンの詳細をお送りしましょうか？',
            actions: [
              { type: 'message', label: 'はい', text: 'キャンペーンの詳細を知りたいです' },
              { type: 'message', label: 'いいえ', text: '今回は見送ります' },
            ],
          },
        },
      ],
    },
    birthdayNote: {
      name: 'お誕生日のお祝い',
      group: 'キャンペーン・クーポン',
      messages: [
        text(
          `お誕生日（{{var:${birthdayFieldId}}}）おめでとうございます！\n日頃のご愛顧に感謝を込めて、お誕生月クーポンをお届けします。`,
        ),
      ],
    },
    comeBack: {
      name: 'お久しぶりのお客さまへ',
      group: null,
      messages: [
        text(
          'ご無沙汰しております、{{commonVar:shop_name}} です。\nその後、髪の調子はいかがですか？ 再来店の方限定でカット10%オフをご用意しました。',
        ),
      ],
    },
  };
  const groups = await tx
    .insert(templateGroups)
    .values([
      { accountId, name: '予約・来店', order: 1 },
      { accountId, name: 'キャンペーン・クーポン', order: 2 },
    ])
    .returning({ id: templateGroups.id, name: templateGroups.name });
  const groupId = new Map(groups.map((group) => [group.name, group.id]));
  const orderIn = new Map<string | null, number>();
  const keys = Object.keys(templates) as (keyof DemoTemplateIds)[];
  const rows = await tx
    .insert(messageTemplates)
    .values(
      keys.map((key) => {
        const template = templates[key];
        const parsed = templateInputSchema.parse({
          name: template.name,
          group_id: null,
          kind: template.kind ?? 'standard',
          messages: template.messages,
        });
        const order = (orderIn.get(template.group) ?? 0) + 1;
        orderIn.set(template.group, order);
        return {
          accountId,
          groupId: template.group === null ? null : (groupId.get(template.group) ?? null),
          name: parsed.name,
          kind: parsed.kind,
          messages: parsed.messages as Record<string, unknown>[],
          favorite: template.favorite ?? false,
          order,
        };
      }),
    )
    .returning({ id: messageTemplates.id });
  return Object.fromEntries(keys.map((key, index) => [key, rows[index]!.id])) as DemoTemplateIds;
}
