import {
  createdIdSchema,
  errorBodySchema,
  formDetailSchema,
  formFavoriteInputSchema,
  formGroupInputSchema,
  formIdParamsSchema,
  formInputSchema,
  formLinkQuerySchema,
  formLinkSchema,
  formsSchema,
  friendFormAnswerSchema,
  okResponseSchema,
  memberFormParamsSchema,
  publicFormAnswerInputSchema,
  publicFormAnsweredSchema,
  publicFormParamsSchema,
  publicFormQuerySchema,
  publicFormSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberAccess, needs, publicAccess } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { formPath, memberToken } from './link.js';
import { MEMBER_COOKIE, memberOfSession } from '../member-identity/index.js';
import { answererOfToken, type FormAnswerer, type FormsService } from './service.js';

/** Decision 0150: forms write friend information, so they are written with `tag-write`. */
const write = { access: needs('tag-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };

/**
 * Answer forms: `GET /api/v_resource/form` (REF-11, spec §7); ours: `/api/forms`,
 * `/api/form_groups`, `/api/line/friends/{id}/form_answers`, and the friends' public page's
 * `/api/public/forms/{publicKey}?m=` (no operator session; the signed link is the friend).
 */
export async function formRoutes(
  app: FastifyInstance,
  options: { forms: FormsService; publicOrigin: string },
) {
  const { forms: service, publicOrigin } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const params = formIdParamsSchema;

  routes.get(
    '/v_resource/form',
    {
      schema: {
        tags,
        summary: '回答フォーム（フォルダ・フォーム・並び順、お気に入りは fav グループ）',
        response: { 200: formsSchema },
      },
    },
    async (request) => service.forms(account(request)),
  );

  routes.post(
    '/forms',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの作成（質問ごとに回答を記録する友だち情報欄）',
        body: formInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.get(
    '/forms/:id',
    {
      schema: {
        tags,
        summary: 'フォーム一件（質問つき）',
        params,
        response: { 200: formDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの更新（質問は丸ごと置き換え）',
        params,
        body: formInputSchema,
        response: { 200: formDetailSchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.patch(
    '/forms/:id/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの切り替え',
        params,
        body: formFavoriteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.setFavorite(account(request), request.params.id, request.body.favorite);
      return done;
    },
  );

  routes.delete(
    '/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの削除（記録済みの友だち情報は残る）',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return done;
    },
  );

  routes.get(
    '/forms/:id/link',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち一人の回答リンク（その友だちとして回答できる）',
        params,
        querystring: formLinkQuerySchema,
        response: { 200: formLinkSchema, ...denied },
      },
    },
    async (request) => {
      const form = await service.linkFor(
        account(request),
        request.params.id,
        request.query.friend_id,
      );
      const path = formPath(
        form.publicKey,
        memberToken(form.answerSecret, request.query.friend_id),
      );
      return { url: `${publicOrigin.replace(/\/+$/, '')}${path}` };
    },
  );

  routes.post(
    '/form_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ登録',
        body: formGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/form_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ名変更',
        params,
        body: formGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/form_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ削除（フォームが残っていると削除できない）',
        params,
        response: {
          200: okResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await service.removeGroup(account(request), request.params.id);
      return done;
    },
  );

  routes.get(
    '/line/friends/:id/form_answers',
    {
      schema: {
        tags,
        summary: 'LINE友だち一人のフォーム回答（新しい順、50件まで）',
        params,
        response: { 200: z.array(friendFormAnswerSchema), 404: errorBodySchema },
      },
    },
    async (request) => service.answersOfFriend(account(request), request.params.id),
  );

  const publicPage = { access: publicAccess };
  routes.get(
    '/public/forms/:publicKey',
    {
      config: publicPage,
      schema: {
        tags,
        summary: '友だちの回答ページ：フォームと質問（署名つきリンクの友だちとして）',
        params: publicFormParamsSchema,
        querystring: publicFormQuerySchema,
        response: { 200: publicFormSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      service.publicForm(request.params.publicKey, answererOfToken(request.query.m)),
  );

  routes.post(
    '/public/forms/:publicKey',
    {
      config: publicPage,
      schema: {
        tags,
        summary: '友だちの回答（友だち情報として記録、すべてかゼロか）',
        params: publicFormParamsSchema,
        querystring: publicFormQuerySchema,
        body: publicFormAnswerInputSchema,
        response: {
          200: publicFormAnsweredSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.answer(request.params.publicKey, answererOfToken(request.query.m), request.body),
  );

  // Decision 0172: the same page for the friend signed in on the account's booking page (the
  // member cookie lives under /api/booking), so a link without `m` works inside LINE too.
  const signedInFriend =
    (request: FastifyRequest): FormAnswerer =>
    (form, executor) =>
      memberOfSession(executor, request.cookies[MEMBER_COOKIE], form.accountId);
  const memberPage = { access: memberAccess };
  routes.get(
    '/booking/forms/:formKey',
    {
      config: memberPage,
      schema: {
        tags,
        summary: '友だちの回答ページ：フォームと質問（予約ページでログイン中の友だちとして）',
        params: memberFormParamsSchema,
        response: { 200: publicFormSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.publicForm(request.params.formKey, signedInFriend(request)),
  );

  routes.post(
    '/booking/forms/:formKey',
    {
      config: memberPage,
      schema: {
        tags,
        summary: '友だちの回答（予約ページでログイン中の友だちとして、すべてかゼロか）',
        params: memberFormParamsSchema,
        body: publicFormAnswerInputSchema,
        response: {
          200: publicFormAnsweredSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.answer(request.params.formKey, signedInFriend(request), request.body),
  );
}
