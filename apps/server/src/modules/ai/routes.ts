import {
  AI_TEXT,
  aiAnswerSchema,
  aiConnectionTestSchema,
  aiDraftInputSchema,
  aiKnowledgeDraftSchema,
  aiPreviewInputSchema,
  aiRunsSchema,
  aiSettingsInputSchema,
  aiSettingsSchema,
  aiWritingInputSchema,
  aiWritingSchema,
  MESSAGES,
  errorBodySchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors.js';
import { ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { AiService } from './service.js';

/**
 * 生成AI設定 (issue 31, decision 0350): every operator reads the settings and the log and may
 * ask for chat drafts; only the owner role saves the settings, tests the connection, tries 試す
 * (decision 0481: it spends the shop's budget) and has Q&A drafted (decision 0480).
 */
/** Either key lets an operator ask for writing help (decision 0411). */
const WRITING_KEYS = ['template-write', 'notification-write'] as const;

export async function aiRoutes(app: FastifyInstance, options: { ai: AiService }) {
  const { ai } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];
  const owner = { access: ownerOnly(AI_TEXT.ownerRequired) };
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const refused = {
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: validationErrorBodySchema,
  };

  routes.get(
    '/ai/settings',
    {
      schema: {
        tags,
        summary: '生成AI設定（APIキーは返さず has_api_key のみ）',
        response: { 200: aiSettingsSchema },
      },
    },
    async (request) => ai.settings(account(request)),
  );

  routes.put(
    '/ai/settings',
    {
      config: owner,
      schema: {
        tags,
        summary: '生成AI設定の保存（api_key は書き込み専用、省略で保持・空文字で削除）',
        body: aiSettingsInputSchema,
        response: { 200: aiSettingsSchema, ...refused },
      },
    },
    async (request) => ai.save(account(request), request.body),
  );

  routes.post(
    '/ai/settings/test',
    {
      config: owner,
      schema: {
        tags,
        summary: '保存済みの設定でモデルへの接続をテスト',
        response: { 200: aiConnectionTestSchema, ...refused },
      },
    },
    async (request) => ai.test(account(request)),
  );

  routes.post(
    '/ai/preview',
    {
      config: { access: ownerOnly(AI_TEXT.previewOwnerRequired) },
      schema: {
        tags,
        summary: '自動応答を試す（友だちが質問したとして実行、何も送らない）',
        body: aiPreviewInputSchema,
        response: { 200: aiAnswerSchema, ...refused },
      },
    },
    async (request) => ai.preview(account(request), request.body.question),
  );

  routes.post(
    '/ai/knowledge/draft',
    {
      config: { access: ownerOnly(AI_TEXT.knowledgeOwnerRequired) },
      schema: {
        tags,
        summary:
          'お店の情報（コース・営業時間・予約URL・共通情報）からQ&Aの下書きを作る（保存はしない）',
        response: { 200: aiKnowledgeDraftSchema, ...refused },
      },
    },
    async (request) => ai.knowledgeDraft(account(request)),
  );

  routes.post(
    '/ai/drafts',
    {
      schema: {
        tags,
        summary: 'チャットの返信下書き（友だちの最新のテキストへの回答案）',
        body: aiDraftInputSchema,
        response: { 200: aiAnswerSchema, ...refused },
      },
    },
    async (request) => ai.draft(account(request), request.body.friend_id),
  );

  routes.post(
    '/ai/writing',
    {
      schema: {
        tags,
        summary: 'テンプレート・配信文の作成支援（テンプレートの規則で確認した結果つき）',
        body: aiWritingInputSchema,
        response: { 200: aiWritingSchema, ...refused },
      },
    },
    async (request) => {
      // Writing help spends the shop's AI budget for the editors that offer it: whoever may
      // write a template or a お知らせ (the route's access allows either, so it is checked here).
      const { permissionKeys } = authOf(request);
      if (!WRITING_KEYS.some((key) => permissionKeys.includes(key)))
        throw new ForbiddenError(MESSAGES.forbidden);
      return ai.writing(account(request), request.body);
    },
  );

  routes.get(
    '/ai/runs',
    {
      schema: {
        tags,
        summary: 'AIの実行ログ（新しい順に100件）',
        response: { 200: aiRunsSchema },
      },
    },
    async (request) => ({ runs: await ai.runs(account(request)) }),
  );
}
