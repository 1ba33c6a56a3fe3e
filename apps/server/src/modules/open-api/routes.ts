import type { FastifyInstance } from 'fastify';
import type { EventsService } from './events-service.js';
import { registerEventRoutes } from './event-routes.js';
import { registerKeyRoutes } from './key-routes.js';
import type { KeysService } from './keys.js';
import { registerTriggerRoutes } from './trigger-routes.js';
import type { TriggersService } from './triggers-service.js';

/** Triggers (spec §7 Triggers, TRG-03..10), API keys and the open API's events (TRG-11). */
export async function openApiRoutes(
  app: FastifyInstance,
  options: { triggers: TriggersService; keys: KeysService; events: EventsService },
) {
  registerTriggerRoutes(app, options.triggers);
  registerKeyRoutes(app, options.keys);
  registerEventRoutes(app, options.events);
}
