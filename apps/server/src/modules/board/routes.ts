import {
  boardAssigneeListSchema,
  boardCardCreateSchema,
  boardCardParamsSchema,
  boardCardSchema,
  boardCardUpdateSchema,
  boardColumnInputSchema,
  boardColumnOrderSchema,
  boardColumnParamsSchema,
  boardSchema,
  createdIdSchema,
  errorBodySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { BoardService } from './service.js';

const access = { access: needs('board-write') };
const refused = {
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: validationErrorBodySchema,
};

/**
 * The follow-up board under `/api/line/board` (issue 24): every call, reads too, needs
 * `board-write` (the board page itself does, ROUTE-18); everything is the operator's account's.
 */
export async function boardRoutes(app: FastifyInstance, options: { board: BoardService }) {
  const { board } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['board'];
  const who = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { account: auth.accountId, actor: auth.operatorId };
  };

  routes.get(
    '/board',
    {
      config: access,
      schema: {
        tags,
        summary: 'ボード: 列（順に）とカード（列ごとに最新の移動から200件まで）',
        response: { 200: boardSchema, 403: errorBodySchema },
      },
    },
    async (request) => board.get(who(request).account),
  );

  routes.get(
    '/board/assignees',
    {
      config: access,
      schema: {
        tags,
        summary: 'カードの担当者にできるオペレーター',
        response: { 200: boardAssigneeListSchema, 403: errorBodySchema },
      },
    },
    async (request) => board.assignees(who(request).account),
  );

  routes.post(
    '/board/columns',
    {
      config: access,
      schema: {
        tags,
        summary: '列を追加（右端に）',
        body: boardColumnInputSchema,
        response: { 201: createdIdSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { account, actor } = who(request);
      return reply.code(201).send({ id: await board.createColumn(account, actor, request.body) });
    },
  );

  routes.put(
    '/board/columns/order',
    {
      config: access,
      schema: {
        tags,
        summary: '列の並び順（すべての列のIDを左から）',
        body: boardColumnOrderSchema,
        response: { 200: okResponseSchema, ...refused },
      },
    },
    async (request) => {
      const { account, actor } = who(request);
      await board.reorderColumns(account, actor, request.body.ids);
      return { status: true as const };
    },
  );

  routes.put(
    '/board/columns/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '列の名前・色・上限・対応状況を変更',
        params: boardColumnParamsSchema,
        body: boardColumnInputSchema,
        response: { 200: okResponseSchema, ...refused },
      },
    },
    async (request) => {
      const { account, actor } = who(request);
      await board.updateColumn(account, actor, request.params.id, request.body);
      return { status: true as const };
    },
  );

  routes.delete(
    '/board/columns/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '列を削除（列のカードはボードから外れる。友だちは残る）',
        params: boardColumnParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { account, actor } = who(request);
      await board.removeColumn(account, actor, request.params.id);
      return { status: true as const };
    },
  );

  routes.post(
    '/board/cards',
    {
      config: access,
      schema: {
        tags,
        summary: '友だちをボードの列に追加（列が上限なら409）',
        body: boardCardCreateSchema,
        response: { 201: boardCardSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { account, actor } = who(request);
      return reply.code(201).send(await board.addCard(account, actor, request.body));
    },
  );

  routes.put(
    '/board/cards/:friend_id',
    {
      config: access,
      schema: {
        tags,
        summary:
          'カードの移動・担当者・期日。version が古ければ409（ほかのスタッフが先に変更）、移動先の列が上限なら409',
        params: boardCardParamsSchema,
        body: boardCardUpdateSchema,
        response: { 200: boardCardSchema, ...refused },
      },
    },
    async (request) => {
      const { account, actor } = who(request);
      return board.updateCard(account, actor, request.params.friend_id, request.body);
    },
  );

  routes.delete(
    '/board/cards/:friend_id',
    {
      config: access,
      schema: {
        tags,
        summary: 'カードをボードから外す（友だちは残る）',
        params: boardCardParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { account, actor } = who(request);
      await board.removeCard(account, actor, request.params.friend_id);
      return { status: true as const };
    },
  );
}
