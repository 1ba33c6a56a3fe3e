import {
  createdIdSchema,
  errorBodySchema,
  friendTagSchema,
  okResponseSchema,
  tagFriendsInputSchema,
  tagFriendsResultSchema,
  tagGroupInputSchema,
  tagIdParamsSchema,
  tagInputSchema,
  tagListSchema,
  tagSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { TagsService } from './service.js';

const write = { access: needs('tag-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * Friend tags under `/api/line`: `/tags`, `/tag_groups`, `/friends/{id}/tags`. Any operator of
 * the account reads them; every write needs `tag-write` (checked before the body is read).
 */
export async function tagRoutes(app: FastifyInstance, options: { tags: TagsService }) {
  const { tags: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tags'];
  const account = (request: Parameters<typeof authOf>[0]) => authOf(request).accountId;

  routes.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'タググループとタグ（友だち数つき）',
        response: { 200: tagListSchema },
      },
    },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/tags',
    {
      config: write,
      schema: {
        tags,
        summary: 'タグ登録',
        body: tagInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.get(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'タグ一件',
        params: tagIdParamsSchema,
        response: { 200: tagSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/tags/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'タグの名前変更・グループ移動',
        params: tagIdParamsSchema,
        body: tagInputSchema,
        response: { 200: tagSchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.delete(
    '/tags/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'タグ削除（友だちに付いたこのタグも外れる）',
        params: tagIdParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );

  for (const action of ['add', 'remove'] as const) {
    routes.post(
      `/tags/:id/friends/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary:
            action === 'add'
              ? '友だちにタグを一括で付ける（1,000人まで）'
              : '友だちからタグを一括で外す（1,000人まで）',
          params: tagIdParamsSchema,
          body: tagFriendsInputSchema,
          response: { 200: tagFriendsResultSchema, ...denied },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { ids } = request.body;
        return action === 'add'
          ? service.addToFriends(account(request), id, ids)
          : service.removeFromFriends(account(request), id, ids);
      },
    );
  }

  routes.get(
    '/friends/:id/tags',
    {
      schema: {
        tags,
        summary: 'LINE友だち一人のタグ',
        params: tagIdParamsSchema,
        response: { 200: z.array(friendTagSchema), 404: errorBodySchema },
      },
    },
    async (request) => service.tagsOfFriend(account(request), request.params.id),
  );

  routes.post(
    '/tag_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'タググループ登録',
        body: tagGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/tag_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'タググループの名前変更',
        params: tagIdParamsSchema,
        body: tagGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return { status: true as const };
    },
  );

  routes.delete(
    '/tag_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'タググループ削除（タグが残っているグループは削除できない）',
        params: tagIdParamsSchema,
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
      return { status: true as const };
    },
  );
}
