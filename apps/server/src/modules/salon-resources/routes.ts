import {
  CATALOG_MESSAGES,
  attrValueBodySchema,
  courseInputSchema,
  coursePatchQuerySchema,
  courseSchema,
  createdSchema,
  orderInputSchema,
  resourceDeleteQuerySchema,
  resourceDeleteResponseSchema,
  resourceInputSchema,
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
import { conflictErrors, readErrors, writeErrors } from '../salons/http.js';
import { salonOf, salonScope } from '../salons/scope.js';
import type { SalonService } from '../salons/service.js';
import type { CatalogService } from './service.js';

const base = '/api/salon/:salonId';

/** Courses, resources and the resource-course unlinks of a salon (RSV-17..29, 37, 38). */
export async function catalogRoutes(
  app: FastifyInstance,
  options: { salons: SalonService; catalog: CatalogService },
) {
  const { catalog } = options;
  salonScope(app, options.salons);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const courseTags = ['salon: courses'];
  const resourceTags = ['salon: resources'];

  routes.get(
    `${base}/courses/all`,
    {
      schema: {
        tags: courseTags,
        summary: 'コース一覧（RSV-17）',
        params: salonParamsSchema,
        response: { 200: z.array(courseSchema), ...readErrors },
      },
    },
    async (request) => catalog.listCourses(salonOf(request).id),
  );

  routes.post(
    `${base}/courses`,
    {
      schema: {
        tags: courseTags,
        summary: 'コース登録（RSV-18）',
        params: salonParamsSchema,
        body: courseInputSchema,
        response: { 201: createdSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await catalog.createCourse(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.post(
    `${base}/courses/order`,
    {
      schema: {
        tags: courseTags,
        summary: 'コースの並び替え（RSV-22）: このサロンの全コースの id を新しい順に',
        params: salonParamsSchema,
        body: orderInputSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await catalog.orderCourses(salonOf(request).id, request.body.ids);
      return { status: true as const };
    },
  );

  const courseWrite = z.object({ status: z.literal(true), course: courseSchema });

  routes.put(
    `${base}/courses/:id`,
    {
      schema: {
        tags: courseTags,
        summary: 'コース更新（RSV-19）',
        params: salonItemParamsSchema,
        body: courseInputSchema,
        response: { 200: courseWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      course: await catalog.updateCourse(salonOf(request).id, request.params.id, request.body),
    }),
  );

  routes.patch(
    `${base}/courses/:id`,
    {
      schema: {
        tags: courseTags,
        summary: 'コースの属性を1つ変更（RSV-20）: body は {value}',
        params: salonItemParamsSchema,
        querystring: coursePatchQuerySchema,
        body: attrValueBodySchema,
        response: { 200: courseWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      course: await catalog.patchCourse(
        salonOf(request).id,
        request.params.id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.delete(
    `${base}/courses/:id`,
    {
      schema: {
        tags: courseTags,
        summary: 'コース削除（RSV-21）: このコースの予約はコースなしになります',
        params: salonItemParamsSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await catalog.deleteCourse(salonOf(request).id, request.params.id);
      return { status: true as const };
    },
  );

  routes.get(
    `${base}/resources/all`,
    {
      schema: {
        tags: resourceTags,
        summary: 'リソース一覧（RSV-23）',
        params: salonParamsSchema,
        response: { 200: z.array(resourceSchema), ...readErrors },
      },
    },
    async (request) => catalog.listResources(salonOf(request).id),
  );

  routes.post(
    `${base}/resources`,
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
      const id = await catalog.createResource(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.post(
    `${base}/resources/order`,
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
      await catalog.orderResources(salonOf(request).id, request.body.ids);
      return { status: true as const };
    },
  );

  const resourceWrite = z.object({ status: z.literal(true), resource: resourceSchema });

  routes.put(
    `${base}/resources/:id`,
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
      resource: await catalog.updateResource(salonOf(request).id, request.params.id, request.body),
    }),
  );

  routes.patch(
    `${base}/resources/:id`,
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
      resource: await catalog.patchResource(
        salonOf(request).id,
        request.params.id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.delete(
    `${base}/resources/:id`,
    {
      schema: {
        tags: resourceTags,
        summary:
          'リソース削除（RSV-27/28）: 今日以降の予約があると 409。force=1 ならそれらの予約は担当なしになります',
        params: salonItemParamsSchema,
        querystring: resourceDeleteQuerySchema,
        response: { 200: resourceDeleteResponseSchema, ...conflictErrors },
      },
    },
    async (request) => {
      const detached = await catalog.deleteResource(
        salonOf(request).id,
        request.params.id,
        request.query.force === '1',
      );
      return {
        status: true as const,
        detached_reservations: detached,
        message: CATALOG_MESSAGES.resourceDeleted(detached),
      };
    },
  );

  routes.get(
    `${base}/resource_course_unlinks`,
    {
      schema: {
        tags: resourceTags,
        summary: 'リソースが対応できないコースの一覧（RSV-37）',
        params: salonParamsSchema,
        response: { 200: unlinksSchema, ...readErrors },
      },
    },
    async (request) => catalog.unlinks(salonOf(request).id),
  );

  routes.put(
    `${base}/resource_course_unlinks`,
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
      data: (await catalog.replaceUnlinks(salonOf(request).id, request.body)).data,
    }),
  );
}
