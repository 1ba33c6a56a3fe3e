import {
  errorBodySchema,
  referenceQuerySchema,
  attrValueBodySchema,
  courseInputSchema,
  coursePatchQuerySchema,
  courseSchema,
  createdSchema,
  orderInputSchema,
  salonItemParamsSchema,
  salonParamsSchema,
  statusTrueSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSalonService, readErrors, salonOf, writeErrors } from '../salons/index.js';
import { authOf } from '../auth/index.js';
import { createCourseService } from './service.js';

/** Courses of a salon (RSV-17..22), inside the salon plugin (`/api/salon/:salonId`). */
export async function courseRoutes(app: FastifyInstance) {
  const courses = createCourseService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: courses'];
  const courseWrite = z.object({ status: z.literal(true), course: courseSchema });

  routes.get(
    '/courses/all',
    {
      schema: {
        tags,
        summary: 'コース一覧（RSV-17）',
        params: salonParamsSchema,
        response: { 200: z.array(courseSchema), ...readErrors },
      },
    },
    async (request) => courses.list(salonOf(request).id),
  );

  routes.post(
    '/courses',
    {
      schema: {
        tags,
        summary: 'コース登録（RSV-18）',
        params: salonParamsSchema,
        body: courseInputSchema,
        response: { 201: createdSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await courses.create(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.post(
    '/courses/order',
    {
      schema: {
        tags,
        summary: 'コースの並び替え（RSV-22）: このサロンの全コースの id を新しい順に',
        params: salonParamsSchema,
        body: orderInputSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await courses.order(salonOf(request).id, request.body.ids);
      return { status: true as const };
    },
  );

  routes.put(
    '/courses/:id',
    {
      schema: {
        tags,
        summary: 'コース更新（RSV-19）',
        params: salonItemParamsSchema,
        body: courseInputSchema,
        response: { 200: courseWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      course: await courses.update(salonOf(request).id, request.params.id, request.body),
    }),
  );

  routes.patch(
    '/courses/:id',
    {
      schema: {
        tags,
        summary: 'コースの属性を1つ変更（RSV-20）: body は {value}',
        params: salonItemParamsSchema,
        querystring: coursePatchQuerySchema,
        body: attrValueBodySchema,
        response: { 200: courseWrite, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      course: await courses.patch(
        salonOf(request).id,
        request.params.id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/courses/:id',
    {
      schema: {
        tags,
        summary: 'コース削除（RSV-21）: このコースの予約はコースなしになります',
        params: salonItemParamsSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await courses.remove(salonOf(request).id, request.params.id);
      return { status: true as const };
    },
  );
}

/** REF-03 under `/api`: the courses of `?salon_id=` or of the account's first salon. */
export async function courseReferenceRoutes(app: FastifyInstance) {
  const salons = createSalonService({ db: app.db });
  const courses = createCourseService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/salon/courses',
    {
      schema: {
        tags: ['reference data'],
        summary: 'コース一覧（REF-03）: salon_id 省略時はアカウントの最初のサロン',
        querystring: referenceQuerySchema,
        response: { 200: z.array(courseSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const salon = await salons.forReference(authOf(request).accountId, request.query.salon_id);
      return salon ? courses.list(salon.id) : [];
    },
  );
}
