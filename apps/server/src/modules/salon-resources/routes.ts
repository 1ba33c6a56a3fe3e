import {
  errorBodySchema,
  referenceQuerySchema,
  CATALOG_MESSAGES,
  attrValueBodySchema,
  createdSchema,
  orderInputSchema,
  resourceDeleteQuerySchema,
  resourceDeleteResponseSchema,
  resourceInputSchema,
  resourceInUseBodySchema,
  resourcePatchQuerySchema,
  resourceSchema,
  salonItemParamsSchema,
  salonParamsSchema,
  statusTrueSchema,
  unlinksInputSchema,
  unlinksSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conflictErrors,
  createSalonService,
  readErrors,
  salonOf,
  writeErrors,
} from '../salons/index.js';
import { authOf } from '../auth/index.js';
import { createResourceService, ResourceInUseError } from './service.js';

/**
 * Resources (staff and rooms) and the resource-course unlinks of a salon (RSV-23..29, 37, 38),
 * inside the salon plugin (`/api/salon/:salonId`).
 */
export async function resourceRoutes(app: FastifyInstance) {
  const resources = createResourceService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const resourceTags = ['salon: resources'];

  routes.get(
    '/resources/all',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソース一覧（RSV-23）',
        params: salonParamsSchema,
        response: { 200: z.array(resourceSchema), ...readErrors },
      },
    },
    async (request) => resources.list(salonOf(request).id),
  );

  routes.post(
    '/resources',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソース登録（RSV-24）',
        params: salonParamsSchema,
        body: resourceInputSchema,
        response: { 201: createdSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await resources.create(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.post(
    '/resources/order',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソースの並び替え（RSV-29）: このサロンの全リソースの id を新しい順に',
        params: salonParamsSchema,
        body: orderInputSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await resources.order(salonOf(request).id, request.body.ids);
      return { status: true as const };
    },
  );

  const resourceWrite = z.object({ status: z.literal(true), resource: resourceSchema });

  routes.put(
    '/resources/:id',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソース更新（RSV-25）',
        params: salonItemParamsSchema,
        body: resourceInputSchema,
        response: { 200: resourceWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      resource: await resources.update(salonOf(request).id, request.params.id, request.body),
    }),
  );

  routes.patch(
    '/resources/:id',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソースの属性を1つ変更（RSV-26）: body は {value}',
        params: salonItemParamsSchema,
        querystring: resourcePatchQuerySchema,
        body: attrValueBodySchema,
        response: { 200: resourceWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      resource: await resources.patch(
        salonOf(request).id,
        request.params.id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/resources/:id',
    {
      schema: {
        tags: resourceTags,
        summary:
          'リソース削除（RSV-27/28）: 今日以降の予約があると 409。force=1 ならそれらの予約は担当なしになります',
        params: salonItemParamsSchema,
        querystring: resourceDeleteQuerySchema,
        response: {
          200: resourceDeleteResponseSchema,
          ...conflictErrors,
          409: resourceInUseBodySchema,
        },
      },
    },
    async (request, reply) => {
      let detached: number;
      try {
        detached = await resources.remove(
          salonOf(request).id,
          request.params.id,
          request.query.force === '1',
        );
      } catch (error) {
        // The count as a field (decision 0112): the console asks naming it, then sends force=1.
        if (!(error instanceof ResourceInUseError)) throw error;
        return reply
          .code(409)
          .send({ message: error.message, future_reservations: error.futureReservations });
      }
      return {
        status: true as const,
        detached_reservations: detached,
        message: CATALOG_MESSAGES.resourceDeleted(detached),
      };
    },
  );

  routes.get(
    '/resource_course_unlinks',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソースが対応できないコースの一覧（RSV-37）',
        params: salonParamsSchema,
        response: { 200: unlinksSchema, ...readErrors },
      },
    },
    async (request) => resources.unlinks(salonOf(request).id),
  );

  routes.put(
    '/resource_course_unlinks',
    {
      schema: {
        tags: resourceTags,
        summary: 'リソース×コースの対応不可を置き換え（RSV-38）',
        params: salonParamsSchema,
        body: unlinksInputSchema,
        response: {
          200: z.object({ status: z.literal(true), data: unlinksSchema.shape.data }),
          ...writeErrors,
        },
      },
    },
    async (request) => ({
      status: true as const,
      data: (await resources.replaceUnlinks(salonOf(request).id, request.body)).data,
    }),
  );
}

/** REF-02 under `/api`: the resources of `?salon_id=` or of the account's first salon. */
export async function resourceReferenceRoutes(app: FastifyInstance) {
  const salons = createSalonService({ db: app.db });
  const resources = createResourceService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/salon/resources',
    {
      schema: {
        tags: ['reference data'],
        summary: 'リソース一覧（REF-02）: salon_id 省略時はアカウントの最初のサロン',
        querystring: referenceQuerySchema,
        response: { 200: z.array(resourceSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const salon = await salons.forReference(authOf(request).accountId, request.query.salon_id);
      return salon ? resources.list(salon.id) : [];
    },
  );
}
