import { normalizePhone } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import { insertMessages, insertOrder, insertTemplate, setOrderCountAll } from './repository.js';

const text = (value: string) => JSON.stringify({ type: 'text', text: value }, null, 2);

/** Five templates; the sample CSV and the register form's default use number 5. */
const DEMO_TEMPLATES = [
  {
    name: 'ご予約確認',
    body: text(
      '[param_1] 様\n[param_2] です。ご予約を承りました。\n日時: [param_3]\nメニュー: [param_4]',
    ),
  },
  {
    name: '前日リマインド',
    body: text('[param_1] 様\n明日 [param_3] にご予約をいただいております。\n[param_2]'),
  },
  {
    name: 'ご予約変更のお知らせ',
    body: text('[param_1] 様\nご予約日時を [param_3] に変更しました。\n[param_2]'),
  },
  {
    name: '臨時休業のお知らせ',
    body: text('[param_2] は [param_3] を臨時休業いたします。ご迷惑をおかけします。'),
  },
  {
    name: 'ご来店リマインド',
    body: JSON.stringify(
      [
        { type: 'text', text: '[param_1] 様\n[param_2] です。ご来店日が近づいてまいりました。' },
        {
          type: 'text',
          text: '日時: [param_3]\nメニュー: [param_4]\nお気をつけてお越しください。',
        },
      ],
      null,
      2,
    ),
  },
];

const DEMO_RECIPIENTS = [
  ['090-1234-5678', '山田 花子', '10:00', 'カット＋カラー'],
  ['080-2345-6789', '佐藤 美咲', '11:30', 'カット'],
  ['070-3456-7890', '髙橋 翔太', '15:00', 'ヘッドスパ（60分）'],
] as const;

/**
 * Demo data of notification messages for account 1: the templates and one draft order for
 * tomorrow (Asia/Tokyo), ready to be checked and ordered in dry-run.
 */
export async function seedDemoTel(db: Executor, accountId: number, shopName: string) {
  const ids: number[] = [];
  for (const template of DEMO_TEMPLATES) ids.push(await insertTemplate(db, accountId, template));
  const reminder = ids[4] ?? 0;

  const tomorrow = toTokyoIso(new Date(Date.now() + 24 * 60 * 60 * 1000)).slice(0, 10);
  const [, month, day] = tomorrow.split('-').map(Number);
  const orderId = await insertOrder(db, accountId, 'デモ: 明日ご来店のお客様へのリマインド');
  await insertMessages(
    db,
    accountId,
    orderId,
    DEMO_RECIPIENTS.map(([tel, name, time, menu]) => {
      const phone = normalizePhone(tel);
      if (!phone) throw new Error(`seed: bad phone ${tel}`);
      return {
        tel: phone.domestic,
        telE164: phone.e164,
        scheduledAt: `${tomorrow}T${time}:00+09:00`,
        templateId: reminder,
        params: {
          param_1: name,
          param_2: shopName,
          param_3: `${month}月${day}日 ${time}`,
          param_4: menu,
        },
      };
    }),
  );
  await setOrderCountAll(db, orderId, DEMO_RECIPIENTS.length);
}
