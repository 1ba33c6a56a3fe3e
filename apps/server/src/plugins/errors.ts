import {
  fieldErrorsFromIssues,
  MESSAGES,
  type ErrorBody,
  type FieldErrors,
} from '@tsunagu/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { applySecurityHeaders } from './security-headers.js';

/** Fastify's copy of the zod issues carries the path as `/a/0/b`. */
function fieldErrorsFromValidation(
  validation: { instancePath: string; message?: string | undefined }[],
  context: string | undefined,
): FieldErrors {
  const issues = validation.map(({ instancePath, message }) => ({
    path: instancePath.split('/'),
    message,
  }));
  return fieldErrorsFromIssues(issues, { whole: context || 'body' });
}

/** The body of a client error Fastify raised itself (bad JSON, content type, size, URL …). */
function clientErrorBody(status: number): ErrorBody {
  if (status === 413) return { message: MESSAGES.payloadTooLarge };
  if (status === 429) return { message: MESSAGES.tooManyRequests };
  if (status === 404) return { message: MESSAGES.notFound };
  if (status === 403) return { message: MESSAGES.forbidden };
  if (status === 415) return { message: MESSAGES.unsupportedMediaType };
  return status === 400
    ? { message: MESSAGES.malformedRequest, errors: {} }
    : { message: MESSAGES.malformedRequest };
}

/**
 * Errors the router raises before any hook runs (a URL that cannot be decoded, `/api/%c0%ae`;
 * a path parameter over the length limit): the same Japanese body and security headers as
 * every other answer, never Fastify's English one.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ err: error }, 'client error before routing');
  applySecurityHeaders(reply);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(clientErrorBody(status));
}

/** `/api/…` paths no route matches: JSON 404 (the console's pages are answered elsewhere). */
export async function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: MESSAGES.notFound } satisfies ErrorBody);
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
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, empty body…
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send(clientErrorBody(status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.internal });
  });
});
