import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/types.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { signerOf } from '../postback-signing/index.js';
import { actionsRoutes } from './routes.js';
import { createActionsService } from './service.js';
import { createActionsWebhookHandler } from './webhook.js';

/**
 * One action model (issue 25, decisions 0250–0254): action sets run for a friend once per cause
 * (postbacks, follows, triggers), the follow settings (greeting and actions) and the operators'
 * notices. Routes under `/api/line`.
 */
export async function actionsModule(api: FastifyInstance) {
  await api.register(actionsRoutes, {
    service: createActionsService({ db: api.db, signer: signerOf(api.config) }),
  });
}

/** What running actions needs outside a webhook (trackers' login callback, issue 29). */
export function actionDepsOf(config: Config) {
  return {
    pushes: createPushQueue(),
    rendererFor: (executor: Executor) =>
      createFriendMessageRenderer(executor, config.PUBLIC_ORIGIN),
  };
}

/** The webhook handler of follows and postbacks (src/line-webhook-handlers.ts). */
export function actionsWebhookHandler(
  config: Config,
  skipsGreeting?: (tx: Executor, accountId: number, memberId: number) => Promise<boolean>,
) {
  return createActionsWebhookHandler({
    ...(skipsGreeting ? { skipsGreeting } : {}),
    pushes: createPushQueue(),
    rendererFor: (executor: Executor) =>
      createFriendMessageRenderer(executor, config.PUBLIC_ORIGIN),
    signer: signerOf(config),
  });
}

export { runActions } from './runner.js';
export { runAction, type ActionResult, type ActionDeps } from './executors.js';
export { createActionRunPruner, ACTION_RUNS_KEEP_DAYS } from './prune-runs.js';
export { assertActions } from './service.js';
