import type { FieldErrors } from '@tsunagu/contracts';

/**
 * Errors a service can throw that the central error handler turns into the documented error
 * shape. Their messages are Japanese and written for the operator; anything else is a 500
 * whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400: the request itself is malformed (a broken multipart body …), named in `errors`. */
export class BadRequestError extends AppError {
  constructor(message: string, errors: FieldErrors) {
    super(400, message, errors);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors: FieldErrors) {
    super(422, message, errors);
  }
}

/** 429; `Retry-After` only when waiting a known time helps (a throttle, not a count limit). */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(
      429,
      message,
      undefined,
      retryAfterSeconds === undefined
        ? {}
        : { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
    );
  }
}
