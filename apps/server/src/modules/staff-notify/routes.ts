import {
  errorBodySchema,
  staffBellReadInputSchema,
  staffBellReadSchema,
  staffBellSchema,
  staffLineLinkSchema,
  staffNotifySettingsInputSchema,
  staffNotifySettingsSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import type { StaffNotifyService } from './service.js';

/**
 * `/api/staff_notifications`: the signed-in operator's own bell, settings and LINE link (issue
 * 26). No permission key: every operator hears of what happened and chooses how for themselves.
 */
export async function staffNotifyRoutes(
  app: FastifyInstance,
  options: { service: StaffNotifyService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff-notifications'];
  const operator = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { accountId: auth.accountId, operatorId: auth.operatorId };
  };

  routes.get(
    '/staff_notifications',
    {
      schema: {
        tags,
        summary: '自分あての通知（ベル、新しい順）と未読数',
        response: { 200: staffBellSchema },
      },
    },
    async (request) => service.bell(operator(request)),
  );
  routes.post(
    '/staff_notifications/read',
    {
      schema: {
        tags,
        summary: '通知を既読にする（ids を省くとすべて）',
        body: staffBellReadInputSchema,
        response: { 200: staffBellReadSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.markRead(operator(request), request.body.ids),
  );
  routes.get(
    '/staff_notifications/settings',
    {
      schema: {
        tags,
        summary: '自分の通知の設定（出来事・受け取り方・おやすみ時間）',
        response: { 200: staffNotifySettingsSchema },
      },
    },
    async (request) => service.settings(operator(request)),
  );
  routes.put(
    '/staff_notifications/settings',
    {
      schema: {
        tags,
        summary: '自分の通知の設定を保存',
        body: staffNotifySettingsInputSchema,
        response: { 200: staffNotifySettingsSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.saveSettings(operator(request), request.body),
  );
  routes.post(
    '/staff_notifications/line_link',
    {
      schema: {
        tags,
        summary: '自分のLINEを連携するコードを発行（お店のLINE公式アカウントに送る）',
        response: { 200: staffLineLinkSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.issueLineLink(operator(request)),
  );
  routes.delete(
    '/staff_notifications/line_link',
    {
      schema: {
        tags,
        summary: '自分のLINEの連携を解除',
        response: { 200: staffNotifySettingsSchema },
      },
    },
    async (request) => service.unlinkLine(operator(request)),
  );
}
