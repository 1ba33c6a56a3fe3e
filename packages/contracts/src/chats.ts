import { z } from 'zod';
import { idParam, idSchema } from './ids.js';
import { LINE_MESSAGE_LIMITS } from './line-message-rules.js';
import { graphemesWithin } from './line-text-length.js';

/**
 * 1:1 chat with LINE friends (issue 24, decisions 0230–0239): the inbox (one thread per friend,
 * `GET /api/line/chats`), a friend's thread (`GET /api/line/chats/{friend_id}/messages`: what the
 * friend sent and what the shop sent, newest last), replies, the thread's state and assignee, and
 * the live events of the account's stream (`GET /api/line/events`, SSE, `kind: 'chat'`; see
 * account-events.ts).
 * Any operator of the account reads; sending needs `template-write`, the state and assignee
 * `board-write` (decision 0232).
 */

/** The inbox's page size. */
export const CHAT_PAGE_SIZE = 50;
/** A thread page's size. */
export const CHAT_MESSAGES_PAGE_SIZE = 50;
export const CHAT_SEARCH_MAX = 100;
/** Media a friend sent larger than this is not fetched from LINE (decision 0231). */
export const CHAT_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

/** A thread's follow-up state (対応マーク). New threads and threads a friend writes to again are 未対応. */
export const CHAT_STATES = ['unhandled', 'in_progress', 'resolved'] as const;
export const chatStateSchema = z.enum(CHAT_STATES, {
  error: '対応状況は未対応・対応中・対応済みのいずれかを指定してください',
});
export type ChatState = z.infer<typeof chatStateSchema>;
export const CHAT_STATE_LABELS: Record<ChatState, string> = {
  unhandled: '未対応',
  in_progress: '対応中',
  resolved: '対応済み',
};

/**
 * What a message is. A friend sends text … location (LINE's message event types); the shop
 * sends text, image, sticker, flex, template (buttons/confirm/carousel); `other` is anything else.
 */
export const CHAT_MESSAGE_KINDS = [
  'text',
  'sticker',
  'image',
  'video',
  'audio',
  'file',
  'location',
  'flex',
  'template',
  'other',
] as const;
export const chatMessageKindSchema = z.enum(CHAT_MESSAGE_KINDS);
export type ChatMessageKind = z.infer<typeof chatMessageKindSchema>;
export const CHAT_MESSAGE_KIND_LABELS: Record<ChatMessageKind, string> = {
  text: 'テキスト',
  sticker: 'スタンプ',
  image: '画像',
  video: '動画',
  audio: '音声',
  file: 'ファイル',
  location: '位置情報',
  flex: 'フレックスメッセージ',
  template: 'テンプレートメッセージ',
  other: 'メッセージ',
};

/**
 * Who or what sent a message: the friend; an operator (a chat reply, `operator_name`); or the
 * shop's automations — a template's test send, a journey, an episode, an online action after a
 * booking, a reminder, an open API trigger, a broadcast (multicast/お知らせ); `ai`: an automatic
 * answer of 生成AI設定 (issue 31).
 */
export const CHAT_SENDERS = [
  'friend',
  'operator',
  'template',
  'journey',
  'episode',
  'online_action',
  'reminder',
  'trigger',
  'broadcast',
  'system',
  'ai',
] as const;
export const chatSenderSchema = z.enum(CHAT_SENDERS);
export type ChatSender = z.infer<typeof chatSenderSchema>;
export const CHAT_SENDER_LABELS: Record<ChatSender, string> = {
  friend: '友だち',
  operator: 'オペレーター',
  template: 'テンプレート送信',
  journey: 'ジャーニー',
  episode: 'エピソード',
  online_action: '予約後アクション',
  reminder: 'リマインド',
  trigger: 'トリガー（オープンAPI）',
  broadcast: '一斉配信',
  system: 'システム',
  ai: 'AI自動応答',
};

/**
 * How an outgoing message went: `reply` (the friend's reply token, free), `push` (counts against
 * the monthly quota), `multicast` (a broadcast).
 */
export const CHAT_DELIVERY_VIAS = ['reply', 'push', 'multicast'] as const;
export type ChatDeliveryVia = (typeof CHAT_DELIVERY_VIAS)[number];
/**
 * An outgoing message's state: `sending` (queued or being sent), `sent`, `failed` (LINE refused;
 * `reason` says why), `unknown` (送信結果不明: LINE may or may not have it).
 */
export const CHAT_DELIVERY_STATES = ['sending', 'sent', 'failed', 'unknown'] as const;
export type ChatDeliveryState = (typeof CHAT_DELIVERY_STATES)[number];
export const CHAT_DELIVERY_STATE_LABELS: Record<ChatDeliveryState, string> = {
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗',
  unknown: '送信結果不明',
};

/** Media of a message: fetched from LINE once, in the background (decision 0231). */
export const CHAT_MEDIA_STATES = ['pending', 'ready', 'too_large', 'failed', 'external'] as const;
export type ChatMediaState = (typeof CHAT_MEDIA_STATES)[number];

export const CHAT_TEXT = {
  friendNotFound: 'LINE友だちが見つかりません',
  messageNotFound: 'メッセージが見つかりません',
  templateNotFound: 'テンプレートが見つかりません',
  assigneeNotFound: '担当者が見つかりません',
  friendBlocked: 'この友だちはブロック中のため送信できません',
  notConnected: 'LINE公式アカウントが連携されていないため送信できません',
  textRequired: 'メッセージを入力してください',
  textTooLong: `メッセージは${LINE_MESSAGE_LIMITS.textChars}文字以内で入力してください`,
  oneOfTextOrTemplate: 'text・template_id・image_id・image_url のいずれか1つを指定してください',
  imageUrl: '画像のURLは https:// で始まる2000文字以内のURLを指定してください',
  searchTooLong: `検索語は${CHAT_SEARCH_MAX}文字以内で入力してください`,
  cursorInvalid: 'cursor が正しくありません',
  mediaNotReady: 'このメディアはまだ取得できていません',
  mediaUnavailable: 'このメディアは取得できませんでした',
  unsent: '送信が取り消されました',
  notConnectedSettings: 'LINE公式アカウントを連携してから設定してください',
  sentByReply: '応答メッセージとして送信しました（無料）',
  sentByPush: 'プッシュメッセージとして送信しました（月間の送信数に数えられます）',
} as const;

const friendIdParams = z.object({ friend_id: idParam });
export const chatFriendParamsSchema = friendIdParams;
export const chatMessageParamsSchema = z.object({
  friend_id: idParam,
  message_id: idParam,
});

/** `GET /api/line/chats` query. `q` searches the friend's name and the messages' text. */
export const chatInboxQuerySchema = z.object({
  q: z.string().trim().max(CHAT_SEARCH_MAX, { error: CHAT_TEXT.searchTooLong }).optional(),
  state: chatStateSchema.optional(),
  /** One of the shop's own marks (decision 0306). */
  mark_id: idParam.optional(),
  /** An operator's id, or `none` for threads nobody is assigned to. */
  assignee: z
    .union([z.literal('none'), idParam], {
      error: '担当者はオペレーターのIDか none を指定してください',
    })
    .optional(),
  tag_id: idParam.optional(),
  /** Only threads with unread messages. */
  unread: z.enum(['true', 'false'], { error: 'unread は true か false です' }).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200, { error: CHAT_TEXT.cursorInvalid }).optional(),
});
export type ChatInboxQuery = z.infer<typeof chatInboxQuerySchema>;

export const chatAssigneeSchema = z.object({ id: z.number().int(), name: z.string() });

/** One inbox entry: a friend's thread. */
export const chatInboxEntrySchema = z.object({
  friend_id: z.number().int(),
  display_name: z.string(),
  icon_url: z.string(),
  follow_state: z.enum(['following', 'blocked', 'not_friend']),
  unread_count: z.number().int(),
  state: chatStateSchema,
  assignee: chatAssigneeSchema.nullable(),
  /** The shop's own mark (decision 0306), beside the state. */
  mark: z.object({ id: z.number().int(), name: z.string(), colour: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The last message's preview (「画像を送信しました」 for media), '' when none. */
  last_message_preview: z.string(),
  last_message_kind: chatMessageKindSchema.nullable(),
  last_message_direction: z.enum(['in', 'out']).nullable(),
  last_message_at: z.string().nullable(),
  /** The text search matched a message of the thread (not only the name). */
  matched_text: z.string().nullable(),
});
export type ChatInboxEntry = z.infer<typeof chatInboxEntrySchema>;

export const chatInboxSchema = z.object({
  entries: z.array(chatInboxEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ChatInbox = z.infer<typeof chatInboxSchema>;

/** `GET /api/line/chats/unread`: for the menu badge. */
export const chatUnreadSummarySchema = z.object({
  /** Threads with unread messages. */
  threads: z.number().int(),
  /** Unread messages over all threads. */
  messages: z.number().int(),
});
export type ChatUnreadSummary = z.infer<typeof chatUnreadSummarySchema>;

/** `GET /api/line/chats/{friend_id}/messages` query: `before` = the previous page's `next_cursor`. */
export const chatMessagesQuerySchema = z.object({
  before: z.string().max(200, { error: CHAT_TEXT.cursorInvalid }).optional(),
});

export const chatMessageSchema = z.object({
  /** Unique in the thread: `m{id}` for a chat message, `p{push id}-{n}` for a push's nth message. */
  id: z.string(),
  direction: z.enum(['in', 'out']),
  kind: chatMessageKindSchema,
  /** Text of a text message (null for other kinds, and once unsent). */
  text: z.string().nullable(),
  /** The friend took the message back (`unsend`): its content is hidden. */
  unsent: z.boolean(),
  sticker: z.object({ package_id: z.string(), sticker_id: z.string() }).nullable(),
  location: z
    .object({
      title: z.string(),
      address: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable(),
  /** Image, video, audio or file: where the console reads it (only for this account's operators). */
  media: z
    .object({
      state: z.enum(CHAT_MEDIA_STATES),
      /** `/api/line/chats/{friend_id}/messages/{n}/content`, or LINE's external URL; null until ready. */
      url: z.string().nullable(),
      content_type: z.string().nullable(),
      size: z.number().int().nullable(),
      file_name: z.string().nullable(),
      duration_ms: z.number().int().nullable(),
    })
    .nullable(),
  /** LINE's quote token: a reply can quote this message. */
  quote_token: z.string().nullable(),
  sender: chatSenderSchema,
  /** The operator who sent it (sender `operator`). */
  operator: chatAssigneeSchema.nullable(),
  /** Outgoing only. */
  delivery: z
    .object({
      via: z.enum(CHAT_DELIVERY_VIAS),
      state: z.enum(CHAT_DELIVERY_STATES),
      reason: z.string(),
    })
    .nullable(),
  sent_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  friend: chatInboxEntrySchema,
  /** Oldest first, newest last. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for older messages; null when there are none. */
  next_cursor: z.string().nullable(),
  /** A reply now goes free with the friend's reply token (else as a push, counted). */
  reply_token_valid: z.boolean(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

const chatText = z
  .string({ error: CHAT_TEXT.textRequired })
  .max(LINE_MESSAGE_LIMITS.textChars * 4, { error: CHAT_TEXT.textTooLong, abort: true })
  .refine((text) => text.trim().length > 0, { error: CHAT_TEXT.textRequired })
  .refine((text) => graphemesWithin(text, LINE_MESSAGE_LIMITS.textChars), {
    error: CHAT_TEXT.textTooLong,
  });

/**
 * `POST /api/line/chats/{friend_id}/messages`: exactly one of a text (insertables rendered for the
 * friend), a template, or an image (uploaded, `image_id`, or an https URL LINE can read). `quote_token` quotes a message.
 */
export const chatSendInputSchema = z
  .object({
    text: chatText.optional(),
    template_id: idSchema.optional(),
    /** An image uploaded with `POST /api/line/message_images` (decision 0305). */
    image_id: idSchema.optional(),
    image_url: z
      .string({ error: CHAT_TEXT.imageUrl })
      .max(2000, { error: CHAT_TEXT.imageUrl })
      .regex(/^https:\/\/\S+$/, { error: CHAT_TEXT.imageUrl })
      .optional(),
    quote_token: z.string().max(200).optional(),
  })
  .refine(
    (body) =>
      [body.text, body.template_id, body.image_id, body.image_url].filter(
        (part) => part !== undefined,
      ).length === 1,
    { error: CHAT_TEXT.oneOfTextOrTemplate, path: ['text'] },
  );
export type ChatSendInput = z.infer<typeof chatSendInputSchema>;

export const chatSendResultSchema = z.object({
  messages: z.array(chatMessageSchema),
  via: z.enum(['reply', 'push']),
  /** A push counts against LINE's monthly message quota; a reply does not. */
  counts_against_quota: z.boolean(),
  /** CHAT_TEXT.sentByReply / sentByPush, for the console to say. */
  notice: z.string(),
});
export type ChatSendResult = z.infer<typeof chatSendResultSchema>;

/** `PUT /api/line/chats/{friend_id}/state`. `assignee_id` null unassigns; absent keeps it. */
export const chatStateInputSchema = z.object({
  state: chatStateSchema,
  assignee_id: idSchema.nullable().optional(),
});
export type ChatStateInput = z.infer<typeof chatStateInputSchema>;

/**
 * `GET/PUT /api/line/chats/settings` (owner): whether opening a thread also marks the friend's
 * messages read on LINE (`markAsRead`; the friend then sees 既読). Off by default.
 */
export const chatSettingsSchema = z.object({
  mark_as_read: z.boolean({ error: 'mark_as_read は true か false です' }),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
