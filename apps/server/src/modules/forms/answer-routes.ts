import {
  errorBodySchema,
  formIdParamsSchema,
  friendFormAnswerSchema,
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
import { memberAccess, publicAccess } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { MEMBER_COOKIE, memberOfSession } from '../member-identity/index.js';
import { answererOfToken, type FormAnswerer, type FormAnswersService } from './answer-service.js';

/**
 * Friends' answers: `/api/line/friends/{id}/form_answers` for the console, the public answer
 * page's `/api/public/forms/{publicKey}?m=` (no operator session; the signed link is the friend)
 * and `/api/booking/forms/{formKey}` (the friend signed in on the booking page).
 */
export async function formAnswerRoutes(
  app: FastifyInstance,
  options: { answers: FormAnswersService },
) {
  const { answers } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const params = formIdParamsSchema;
  /** An answer: recorded, a link or form not there (404), the form closed (409), or refused (422). */
  const answered = {
    200: publicFormAnsweredSchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: validationErrorBodySchema,
  };

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
    async (request) => answers.answersOfFriend(account(request), request.params.id),
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
      answers.publicForm(request.params.publicKey, answererOfToken(request.query.m)),
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
        response: answered,
      },
    },
    async (request) =>
      answers.answer(request.params.publicKey, answererOfToken(request.query.m), request.body),
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
    async (request) => answers.publicForm(request.params.formKey, signedInFriend(request)),
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
        response: answered,
      },
    },
    async (request) =>
      answers.answer(request.params.formKey, signedInFriend(request), request.body),
  );
}
