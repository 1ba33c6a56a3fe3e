import { z } from 'zod';

/**
 * The longest path parameter the router matches (Fastify's `maxParamLength`, set from this in
 * `buildApp`): a longer one never reaches a route — the router answers 414 (or 404). Every
 * string path parameter's `maxLength` is at most this, so the document promises nothing the
 * router refuses (issue 28).
 */
export const PATH_PARAM_MAX_LENGTH = 100;

/**
 * The public key of a booking page or an event page in its URL (`/r/{publicKey}`,
 * `/e/{publicKey}`): 16 characters of base64url today; up to what the router accepts.
 */
export const publicKeyParam = z.string().min(1).max(PATH_PARAM_MAX_LENGTH);
