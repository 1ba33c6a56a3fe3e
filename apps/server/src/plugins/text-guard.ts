import { MESSAGES, findForbiddenText } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../lib/errors.js';

/**
 * Every string of every API request — path parameters, query values, JSON bodies, object keys —
 * is checked for NUL and unpaired surrogates before validation (422 naming the field), so no
 * route can forget it: PostgreSQL refuses NUL (a 500), and a lone surrogate would be stored
 * silently altered as U+FFFD. Nesting deeper than MAX_INPUT_DEPTH is refused here too.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findForbiddenText(value);
      if (found) {
        const field = found.path || context;
        throw new ValidationError(MESSAGES.validationFailed, { [field]: [found.message] });
      }
    }
  });
});
