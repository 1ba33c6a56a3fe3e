import {
  chatFriendParamsSchema,
  chatInboxEntrySchema,
  chatMarkInputSchema,
  chatMarkListSchema,
  chatMarkSetInputSchema,
  createdIdSchema,
  errorBodySchema,
  idParam,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { inboxEntry } from './inbox.js';
import { createMark, deleteMark, listMarks, setThreadMark, updateMark } from './marks.js';

const tags = ['chats'];
/** As the state: defining and setting marks needs `board-write` (decision 0306). */
const write = { access: needs('board-write') };
const refused = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const markParams = z.object({ id: idParam });

/** The shop's own chat marks (decision 0306), under `/api/line`. */
export async function chatMarkRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/chat_marks',
    {
      schema: {
        tags,
        summary: 'チャットの対応マーク（お店で決めるマーク。名前・色・付いているトーク数）',
        response: { 200: chatMarkListSchema },
      },
    },
    async (request) => ({ marks: await listMarks(db, account(request)) }),
  );

  routes.post(
    '/chat_marks',
    {
      config: write,
      schema: {
        tags,
        summary: '対応マークの作成（名前・色）',
        body: chatMarkInputSchema,
        response: { 201: createdIdSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await createMark(db, account(request), request.body) }),
  );

  routes.put(
    '/chat_marks/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '対応マークの名前・色の変更',
        params: markParams,
        body: chatMarkInputSchema,
        response: { 200: okResponseSchema, ...refused },
      },
    },
    async (request) => {
      await updateMark(db, account(request), request.params.id, request.body);
      return { status: true as const };
    },
  );

  routes.delete(
    '/chat_marks/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '対応マークの削除（付いていたトークはマークなしになります）',
        params: markParams,
        response: { 200: okResponseSchema, ...refused },
      },
    },
    async (request) => {
      await deleteMark(db, account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.put(
    '/chats/:friend_id/mark',
    {
      config: write,
      schema: {
        tags,
        summary: 'トークに対応マークを付ける（mark_id: null で外す）',
        params: chatFriendParamsSchema,
        body: chatMarkSetInputSchema,
        response: { 200: chatInboxEntrySchema, ...refused },
      },
    },
    async (request) => {
      const accountId = account(request);
      await setThreadMark(db, accountId, request.params.friend_id, request.body.mark_id);
      return (await inboxEntry(db, accountId, request.params.friend_id))!;
    },
  );
}
