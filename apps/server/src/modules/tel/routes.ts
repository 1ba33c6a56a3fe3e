import multipart from '@fastify/multipart';
import {
  TEL_LIMITS,
  TEL_SAMPLE_CSV_PATH,
  createdIdSchema,
  errorBodySchema,
  telConfigSchema,
  telIdParamsSchema,
  telMessageListSchema,
  telMessageParamsSchema,
  telMessagePreviewSchema,
  telOrderListSchema,
  telOrderStatusSchema,
  telOrderSummarySchema,
  telRegisterInputSchema,
  telStatusChangeSchema,
  telTemplateInputSchema,
  telTemplateListSchema,
  telUploadResponseSchema,
  validationErrorBodySchema,
  type TelSender,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { SAMPLE_CSV_FILENAME, sampleCsvBytes } from './sample-csv.js';
import { createTelService } from './service.js';
import { telTemplateRoutes } from './template-routes.js';
import { readUpload } from './upload-parts.js';

/** For the OpenAPI document only: multipart parts are read and checked by the handler. */
const uploadBodyDoc = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'CSV（CP932 または UTF-8、20MB・10万行まで）' }),
  description: z.string().max(TEL_LIMITS.descriptionChars).optional(),
});

/**
 * Notification messages by phone number (spec §7) under `/api/tel`. Every call works only on
 * the operator's account; reads need a signed-in operator, every write — upload, registration,
 * template registration, ordering and cancelling — the key `tel-write` (DEC-09, decision 0042).
 */
export async function telRoutes(app: FastifyInstance) {
  const tel = createTelService({ db: app.db, requireChannel: app.config.TEL_SENDER === 'line' });
  const sender: TelSender = app.config.TEL_SENDER;
  const sending = { access: needs('tel-write') };
  await app.register(multipart, {
    limits: {
      fileSize: TEL_LIMITS.uploadBytes,
      files: 1,
      fields: 5,
      fieldSize: 4 * 1024,
      parts: 10,
    },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tel'];
  const notFound = { 404: errorBodySchema };

  routes.get(
    '/config',
    {
      schema: {
        tags,
        summary: '送信方式（dry-run のときは画面にドライランの表示）',
        response: { 200: telConfigSchema },
      },
    },
    async () => ({ sender }),
  );

  routes.get(
    '/list',
    { schema: { tags, summary: '発注一覧（新しい順）', response: { 200: telOrderListSchema } } },
    async (request) => tel.listOrders(authOf(request).accountId),
  );

  routes.get(
    '/list/:id',
    {
      schema: {
        tags,
        summary: '発注のメッセージ一覧（登録順）',
        params: telIdParamsSchema,
        response: { 200: telMessageListSchema, ...notFound },
      },
    },
    async (request) => tel.listMessages(authOf(request).accountId, request.params.id),
  );

  routes.get(
    '/list/:id/messages/:messageId/preview',
    {
      schema: {
        tags,
        summary: 'メッセージの送信内容（テンプレートに差し込みデータを入れたもの）',
        description:
          'LINE のメッセージ（吹き出し）ごとに type と、テキストなら text。送信されない理由があれば problem。',
        params: telMessageParamsSchema,
        response: { 200: telMessagePreviewSchema, ...notFound },
      },
    },
    async (request) =>
      tel.messagePreview(authOf(request).accountId, request.params.id, request.params.messageId),
  );

  routes.get(
    '/list/:id/summary',
    {
      schema: {
        tags,
        summary: '発注のメッセージ件数（ステータス別）と発注時の注意',
        description:
          'overdue_count: 送信前で送信予定日時を過ぎたもの（発注後すぐに送信）。' +
          'invalid_template_count: 送信前で無効なテンプレート番号（0）のもの（送信されない）。いずれもサーバーの現在時刻で数えます。',
        params: telIdParamsSchema,
        response: { 200: telOrderSummarySchema, ...notFound },
      },
    },
    async (request) => tel.orderSummary(authOf(request).accountId, request.params.id),
  );

  routes.get(
    '/list/:id/status',
    {
      schema: {
        tags,
        summary: '発注のステータス',
        params: telIdParamsSchema,
        response: { 200: telOrderStatusSchema, ...notFound },
      },
    },
    async (request) => ({
      status: await tel.orderStatus(authOf(request).accountId, request.params.id),
    }),
  );

  routes.post(
    '/list/:id/status',
    {
      config: sending,
      schema: {
        tags,
        summary: '発注（1）またはキャンセル（-1）',
        description:
          '発注は下書き（0）からのみ、キャンセルはキャンセル済み（-1）・完了（3）以外から。できないときは 409。',
        params: telIdParamsSchema,
        body: telStatusChangeSchema,
        response: {
          200: telOrderStatusSchema,
          ...notFound,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => ({
      status: await tel.changeStatus(
        authOf(request).accountId,
        request.params.id,
        request.body.status,
      ),
    }),
  );

  routes.get(
    '/template/list',
    { schema: { tags, summary: 'テンプレート一覧', response: { 200: telTemplateListSchema } } },
    async (request) => tel.listTemplates(authOf(request).accountId),
  );

  routes.post(
    '/template/register',
    {
      config: sending,
      schema: {
        tags,
        summary: 'テンプレート登録',
        description:
          '本文は JSON（LINE のメッセージオブジェクト、または 1〜5 件の配列）。[param_1]〜[param_10] を使えます。',
        body: telTemplateInputSchema,
        response: { 201: createdIdSchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await tel.registerTemplate(authOf(request).accountId, request.body);
      return reply.code(201).send({ id });
    },
  );

  // GET, PUT, DELETE /template/{id} (issue 10).
  telTemplateRoutes(app);

  routes.post(
    '/register',
    {
      config: sending,
      schema: {
        tags,
        summary: '個別登録（1件の下書き発注を作成し、その id を返す）',
        description:
          '日付は 2024-05-01・2024/5/1・2024年5月1日(水) など、時刻は H:mm・HH:mm[:ss]（Asia/Tokyo）。' +
          '自アカウントにないテンプレート番号は 0（無効なテンプレート番号）として登録されます。',
        body: telRegisterInputSchema,
        response: { 201: createdIdSchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await tel.register(authOf(request).accountId, request.body);
      return reply.code(201).send({ id });
    },
  );

  routes.post(
    '/upload',
    {
      config: sending,
      // The route has no params or query, and its body is documented here but read by the
      // handler part by part (a multipart stream is not a parsed body).
      validatorCompiler: () => () => ({ value: undefined }),
      schema: {
        tags,
        summary: 'ファイルアップロード（下書き発注を作成）',
        description:
          'multipart/form-data: file（必須）、description（任意、200文字まで）。見出し行 tel,date,time,template_id,param_1…param_10（順不同、param は任意）。' +
          '20MB・100,000行・パラメータ200文字まで。誤りのある行が一つでもあれば 422（行番号つきの理由を最初の100件と総数）で、何も保存されません。',
        consumes: ['multipart/form-data'],
        body: uploadBodyDoc,
        response: { 201: telUploadResponseSchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const input = await readUpload(request);
      const result = await tel.upload(authOf(request).accountId, input);
      return reply.code(201).send(result);
    },
  );
}

/** The sample format file (TEL-53), outside `/api`: a plain download, no session needed. */
export async function telSampleFileRoute(app: FastifyInstance) {
  app.get(TEL_SAMPLE_CSV_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=Shift_JIS')
      .header('content-disposition', `attachment; filename="${SAMPLE_CSV_FILENAME}"`)
      .header('cache-control', 'no-cache')
      .send(sampleCsvBytes()),
  );
}
