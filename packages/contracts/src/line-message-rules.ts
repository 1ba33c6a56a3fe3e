/**
 * What LINE's Messaging API refuses in one message object (the `messages` of push / PNP push),
 * in Japanese, so a template LINE would refuse is refused when it is saved rather than when it is
 * sent (issue 10, decision 0085). Only the rules that decide whether LINE takes the message are
 * checked: the type, the fields each type requires, and their lengths; and the properties every
 * message may have, `quickReply` (≤ 13 buttons) and `sender` (name ≤ 20, icon https ≤ 2,000).
 * LINE counts these lengths in UTF-16 code units (an emoji such as 🍎 counts 2), which is what
 * `String.length` counts; the few it counts in grapheme clusters are in line-text-length.ts.
 */
import { httpsProblem, lineActionProblems, stringProblem } from './line-actions.js';

export const LINE_MESSAGE_TYPES = [
  'text',
  'textV2',
  'sticker',
  'image',
  'video',
  'audio',
  'location',
  'imagemap',
  'template',
  'flex',
  'coupon',
] as const;
export type LineMessageType = (typeof LINE_MESSAGE_TYPES)[number];

export const LINE_MESSAGE_LIMITS = {
  /** Messages per request. */
  messages: 5,
  textChars: 5000,
  urlChars: 2000,
  locationChars: 100,
  templateAltTextChars: 400,
  flexAltTextChars: 1500,
  imagemapAltTextChars: 1500,
  quickReplyItems: 13,
  senderNameChars: 20,
  couponDeliveryTagChars: 30,
} as const;

type LineObject = Record<string, unknown>;
type Check = (message: LineObject) => string[];

export function isLineObject(value: unknown): value is LineObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const count = (n: number) => n.toLocaleString('ja-JP');

/** A required string: present, not only spaces, at most `max` characters. */
function text(key: string, label: string, max: number): Check {
  return (message) => {
    const value = message[key];
    if (value === undefined || value === null) return [`${label}（${key}）がありません`];
    if (typeof value !== 'string') return [`${label}（${key}）は文字列で指定してください`];
    if (value.trim() === '') return [`${label}（${key}）が空です`];
    if (value.length > max) {
      return [
        `${label}（${key}）は${count(max)}文字以内にしてください（現在${count(value.length)}文字）`,
      ];
    }
    return [];
  };
}

/** LINE fetches media over HTTPS only. */
function httpsUrl(key: string, label: string): Check {
  return (message) => {
    const problems = text(key, label, LINE_MESSAGE_LIMITS.urlChars)(message);
    if (problems.length > 0) return problems;
    return String(message[key]).startsWith('https://')
      ? []
      : [`${label}（${key}）は https:// で始まるURLで指定してください`];
  };
}

function number(key: string, label: string): Check {
  return (message) =>
    typeof message[key] === 'number' && Number.isFinite(message[key])
      ? []
      : [`${label}（${key}）を数値で指定してください`];
}

function object(key: string, label: string, types?: readonly string[]): Check {
  return (message) => {
    const value = message[key];
    if (!isLineObject(value)) return [`${label}（${key}）をオブジェクトで指定してください`];
    if (types && !types.includes(value.type as string)) {
      return [`${label}（${key}）の type は ${types.join('、')} のいずれかにしてください`];
    }
    return [];
  };
}

function list(key: string, label: string): Check {
  return (message) =>
    Array.isArray(message[key]) ? [] : [`${label}（${key}）を配列で指定してください`];
}

const MEDIA = [
  httpsUrl('originalContentUrl', 'ファイルのURL'),
  httpsUrl('previewImageUrl', 'プレビュー画像のURL'),
];

const RULES: Record<LineMessageType, Check[]> = {
  text: [text('text', 'テキスト', LINE_MESSAGE_LIMITS.textChars)],
  textV2: [text('text', 'テキスト', LINE_MESSAGE_LIMITS.textChars)],
  sticker: [text('packageId', 'スタンプのパッケージID', 100), text('stickerId', 'スタンプID', 100)],
  image: MEDIA,
  video: MEDIA,
  audio: [httpsUrl('originalContentUrl', 'ファイルのURL'), number('duration', '長さ（ミリ秒）')],
  location: [
    text('title', 'タイトル', LINE_MESSAGE_LIMITS.locationChars),
    text('address', '住所', LINE_MESSAGE_LIMITS.locationChars),
    number('latitude', '緯度'),
    number('longitude', '経度'),
  ],
  imagemap: [
    httpsUrl('baseUrl', '画像のURL'),
    text('altText', '代替テキスト', LINE_MESSAGE_LIMITS.imagemapAltTextChars),
    object('baseSize', '画像の大きさ'),
    list('actions', 'アクション'),
  ],
  template: [
    text('altText', '代替テキスト', LINE_MESSAGE_LIMITS.templateAltTextChars),
    object('template', 'テンプレート', ['buttons', 'confirm', 'carousel', 'image_carousel']),
  ],
  flex: [
    text('altText', '代替テキスト', LINE_MESSAGE_LIMITS.flexAltTextChars),
    object('contents', '内容', ['bubble', 'carousel']),
  ],
  // A coupon made in LINE Official Account Manager (messaging-api.yml CouponMessage).
  coupon: [
    text('couponId', 'クーポンID', 100),
    (message) => {
      const problem = stringProblem(
        message.deliveryTag,
        '配信タグ（deliveryTag）',
        LINE_MESSAGE_LIMITS.couponDeliveryTagChars,
      );
      return problem ? [problem] : [];
    },
  ],
};

/** `quickReply`: 1–13 buttons, each an action with a label, an optional https icon. */
function quickReplyProblems(quickReply: unknown): string[] {
  if (!isLineObject(quickReply) || !Array.isArray(quickReply.items))
    return ['クイックリプライ（quickReply）の items を配列で指定してください'];
  const { items } = quickReply;
  if (items.length < 1 || items.length > LINE_MESSAGE_LIMITS.quickReplyItems)
    return [
      `クイックリプライのボタンは1〜${LINE_MESSAGE_LIMITS.quickReplyItems}個にしてください（現在${items.length}個）`,
    ];
  return items.flatMap((item, index) => {
    const where = (problem: string) => `クイックリプライの${index + 1}つ目のボタン：${problem}`;
    if (!isLineObject(item)) return [where('ボタンの内容がありません')];
    const icon = httpsProblem(
      item.imageUrl,
      'アイコンのURL（imageUrl）',
      LINE_MESSAGE_LIMITS.urlChars,
    );
    // Camera, camera roll and location buttons have LINE's own labels.
    const labelRequired = !['camera', 'cameraRoll', 'location'].includes(
      String(isLineObject(item.action) ? item.action.type : ''),
    );
    return [...(icon ? [icon] : []), ...lineActionProblems(item.action, { labelRequired })].map(
      where,
    );
  });
}

/** `sender`: another name (≤ 20) and icon (https, ≤ 2,000) for this message. */
function senderProblems(sender: unknown): string[] {
  if (!isLineObject(sender)) return ['送信者（sender）をオブジェクトで指定してください'];
  return [
    stringProblem(sender.name, '送信者名（sender.name）', LINE_MESSAGE_LIMITS.senderNameChars),
    httpsProblem(
      sender.iconUrl,
      '送信者アイコンのURL（sender.iconUrl）',
      LINE_MESSAGE_LIMITS.urlChars,
    ),
  ].filter((problem): problem is string => problem !== undefined);
}

/** The properties every message type may have. */
function commonProblems(message: LineObject): string[] {
  return [
    ...(message.quickReply !== undefined ? quickReplyProblems(message.quickReply) : []),
    ...(message.sender !== undefined ? senderProblems(message.sender) : []),
  ];
}

/** Problems of one message object; empty when LINE would take it. */
export function lineMessageProblems(message: LineObject): string[] {
  const type = message.type;
  if (type === undefined) return ['種類（type）がありません'];
  if (typeof type !== 'string') return ['種類（type）は文字列で指定してください'];
  if (!(LINE_MESSAGE_TYPES as readonly string[]).includes(type)) {
    return [
      `種類「${type.slice(0, 40)}」はLINEのメッセージにありません（使えるのは ${LINE_MESSAGE_TYPES.join('、')}）`,
    ];
  }
  return [
    ...RULES[type as LineMessageType].flatMap((check) => check(message)),
    ...commonProblems(message),
  ];
}
