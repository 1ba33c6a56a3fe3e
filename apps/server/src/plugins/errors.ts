import { MESSAGES, type ErrorBody, type FieldErrors } from '@tsunagu/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

function fieldErrorsFromValidation(
  validation: { instancePath: string; message?: string | undefined }[],
  context: string | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    (errors[field] ??= []).push(issue.message ?? MESSAGES.validationFailed);
  }
  return errors;
}

/**
 * The one place errors become HTTP answers (docs/ARCHITECTURE.md "Errors"):
 * 400/422 → {message, errors}; other 4xx → {message}; 5xx → a fixed Japanese message, with the
 * details only in the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = {
        message: MESSAGES.validationFailed,
        errors: fieldErrorsFromValidation(error.validation, error.validationContext),
      };
      return reply.code(422).send(body);
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const body: ErrorBody =
        error.statusCode === 400 || error.statusCode === 422
          ? { message: error.message, errors: error.errors ?? {} }
          : { message: error.message };
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: MESSAGES.payloadTooLarge });
    if (status === 429) return reply.code(429).send({ message: MESSAGES.tooManyRequests });
    if (status === 404) return reply.code(404).send({ message: MESSAGES.notFound });
    if (status === 403) return reply.code(403).send({ message: MESSAGES.forbidden });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, empty body…
      request.log.info({ err: error }, 'client error');
      return status === 400
        ? reply.code(400).send({ message: MESSAGES.malformedRequest, errors: {} })
        : reply.code(status).send({ message: MESSAGES.malformedRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.internal });
  });
});
