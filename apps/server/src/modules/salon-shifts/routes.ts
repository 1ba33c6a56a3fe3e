import {
  createdSchema,
  salonParamsSchema,
  statusTrueSchema,
  timeShiftDeleteParamsSchema,
  timeShiftDeleteQuerySchema,
  timeShiftInputSchema,
  timeShiftMasterParamsSchema,
  timeShiftResourceParamsSchema,
  timeShiftSchema,
  timeShiftUpdateSchema,
  timeShiftsQuerySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cacheKeyOf,
  readErrors,
  salonOf,
  writeErrors,
  type SalonReadCache,
} from '../salons/index.js';
import { createShiftService } from './service.js';

/**
 * Time shifts (RSV-48..55): expanded occurrences, masters and one-day patches, inside the salon
 * plugin (`/api/salon/:salonId`); the month reads go through the salon read cache.
 */
export async function shiftRoutes(app: FastifyInstance, options: { readCache: SalonReadCache }) {
  const { readCache } = options;
  const shifts = createShiftService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: time shifts'];

  routes.get(
    '/time_shifts',
    {
      schema: {
        tags,
        summary:
          'シフト（RSV-50）: range_date=YYYY-MM-DD..YYYY-MM-DD（93日以内）の展開済みの各回、resource で絞り込み',
        params: salonParamsSchema,
        querystring: timeShiftsQuerySchema,
        response: { 200: z.array(timeShiftSchema), ...readErrors, 422: writeErrors[422] },
      },
    },
    async (request, reply) => {
      const salon = salonOf(request);
      const { range_date: range, resource } = request.query;
      shifts.checkRange(range);
      return readCache.send(
        request,
        reply,
        salon,
        cacheKeyOf('time_shifts', { range, resource }),
        () => shifts.list(salon.id, range, resource),
      );
    },
  );

  routes.post(
    '/resources/:resourceId/time_shifts',
    {
      schema: {
        tags,
        summary: 'シフト登録（RSV-51）: 日をまたぐシフトは 422',
        params: timeShiftResourceParamsSchema,
        body: timeShiftInputSchema,
        response: { 201: createdSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await shifts.create(salonOf(request).id, request.params.resourceId, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.put(
    '/resources/:resourceId/time_shifts/:masterId',
    {
      schema: {
        tags,
        summary:
          'シフト更新（RSV-52）: type=all（全体）・only（date の回だけ）・after（date 以降を新しいシフトに）。id は変更を持つシフト',
        params: timeShiftMasterParamsSchema,
        body: timeShiftUpdateSchema,
        response: { 200: createdSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      id: await shifts.update(
        salonOf(request).id,
        request.params.resourceId,
        request.params.masterId,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/resources/:resourceId/time_shifts/:masterId/:type',
    {
      schema: {
        tags,
        summary:
          'シフト削除（RSV-53/54）: only（date の回だけ）・after（date 以降、expired_at を設定）・permanently（date と self_id なし）',
        params: timeShiftDeleteParamsSchema,
        querystring: timeShiftDeleteQuerySchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await shifts.remove(
        salonOf(request).id,
        request.params.resourceId,
        request.params.masterId,
        request.params.type,
        request.query.date,
        request.query.self_id,
      );
      return { status: true as const };
    },
  );
}
