import {
  chatFriendParamsSchema,
  chatInboxEntrySchema,
  chatInboxQuerySchema,
  chatInboxSchema,
  chatMessageParamsSchema,
  chatMessagesQuerySchema,
  chatSendInputSchema,
  chatSendResultSchema,
  chatSettingsSchema,
  chatStateInputSchema,
  chatThreadSchema,
  chatUnreadSummarySchema,
  errorBodySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs, ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { ChatService } from './service.js';

const tags = ['chats'];
const notFound = { 404: errorBodySchema };
const refused = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * The chat under `/api/line/chats` (issue 24): any operator of the account reads (and opening a
 * thread marks it read); sending needs `template-write`, the state `board-write` (decision 0232).
 * Its live events travel on the account's stream, `GET /api/line/events` (decision 0236).
 */
export async function chatRoutes(app: FastifyInstance, options: { chats: ChatService }) {
  const { chats } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/chats',
    {
      schema: {
        tags,
        summary:
          'チャットの受信箱（未読のある友だちが先、最新メッセージ順、50件ずつ）。q: 名前とメッセージ本文の検索、state / mark_id / assignee / tag_id / unread で絞り込み',
        querystring: chatInboxQuerySchema,
        response: { 200: chatInboxSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => chats.inbox(authOf(request).accountId, request.query),
  );

  routes.get(
    '/chats/unread',
    {
      schema: {
        tags,
        summary: '未読のあるチャットの数と未読メッセージ数（メニューのバッジ）',
        response: { 200: chatUnreadSummarySchema },
      },
    },
    async (request) => chats.unread(authOf(request).accountId),
  );

  routes.get(
    '/chats/settings',
    {
      schema: {
        tags,
        summary:
          'チャットの設定: トークを開いたときLINEにも既読を付けるか（mark_as_read、既定は付けない）',
        response: { 200: chatSettingsSchema },
      },
    },
    async (request) => chats.settings(authOf(request).accountId),
  );

  routes.put(
    '/chats/settings',
    {
      config: { access: ownerOnly() },
      schema: {
        tags,
        summary: 'チャットの設定を保存（オーナーのみ。LINE公式アカウントの連携が必要）',
        body: chatSettingsSchema,
        response: { 200: chatSettingsSchema, ...refused },
      },
    },
    async (request) => chats.saveSettings(authOf(request).accountId, request.body.mark_as_read),
  );

  routes.get(
    '/chats/:friend_id/messages',
    {
      schema: {
        tags,
        summary:
          '友だちとのトーク（古い順、最新が最後）。before に前のページの next_cursor を渡すとさらに古いメッセージ',
        params: chatFriendParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatThreadSchema, ...notFound, 422: validationErrorBodySchema },
      },
    },
    async (request) =>
      chats.thread(authOf(request).accountId, request.params.friend_id, request.query.before),
  );

  routes.post(
    '/chats/:friend_id/messages',
    {
      config: { access: needs('template-write') },
      schema: {
        tags,
        summary: `友だちへ送信（text・template_id・image_id・image_url のいずれか）。応答トークンが有効なら無料の応答メッセージ、そうでなければプッシュ（月間の送信数に数えられる）`,
        params: chatFriendParamsSchema,
        body: chatSendInputSchema,
        response: { 201: chatSendResultSchema, ...refused },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const sent = await chats.send(
        auth.accountId,
        auth.operatorId,
        request.params.friend_id,
        request.body,
        app.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`,
      );
      return reply.code(201).send(sent);
    },
  );

  routes.post(
    '/chats/:friend_id/read',
    {
      schema: {
        tags,
        summary: 'トークを既読にする（チーム全体。設定によりLINEにも既読を付ける）',
        params: chatFriendParamsSchema,
        response: { 200: okResponseSchema, ...notFound },
      },
    },
    async (request) => {
      await chats.markRead(authOf(request).accountId, request.params.friend_id);
      return { status: true as const };
    },
  );

  routes.put(
    '/chats/:friend_id/state',
    {
      config: { access: needs('board-write') },
      schema: {
        tags,
        summary:
          '対応状況（未対応・対応中・対応済み）と担当者（assignee_id: null で外す、省略で変えない）',
        params: chatFriendParamsSchema,
        body: chatStateInputSchema,
        response: { 200: chatInboxEntrySchema, ...refused },
      },
    },
    async (request) =>
      chats.setState(authOf(request).accountId, request.params.friend_id, request.body),
  );

  routes.get(
    '/chats/:friend_id/messages/:message_id/content',
    {
      schema: {
        tags,
        summary:
          '友だちが送った画像・動画・音声・ファイルの中身（このアカウントのオペレーターのみ）',
        params: chatMessageParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const media = await chats.content(
        authOf(request).accountId,
        request.params.friend_id,
        request.params.message_id,
      );
      return reply
        .header('content-type', media.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(media.bytes);
    },
  );
}
