import { derivedStatuses, DERIVED_STATUS_TEXT, type RouteTraits } from './openapi-responses.js';

/**
 * Every error body of the API is `{message, errors?}` (docs/ARCHITECTURE.md "Errors"); 400 and
 * 422 always carry `errors`, by field. The document names the two once, in
 * `components.schemas`, and every error response refers to them (issue 28, decision 0370).
 */
const fieldErrors = {
  type: 'object' as const,
  description: 'フィールドごとのメッセージ（キーはフィールドの位置、例: `items.0.name`）',
  additionalProperties: { type: 'array' as const, items: { type: 'string' as const } },
};
export const ERROR_SCHEMAS = {
  ErrorBody: {
    type: 'object' as const,
    properties: { message: { type: 'string' as const }, errors: fieldErrors },
    required: ['message'],
    additionalProperties: false,
  },
  ValidationErrorBody: {
    type: 'object' as const,
    properties: { message: { type: 'string' as const }, errors: fieldErrors },
    required: ['message', 'errors'],
    additionalProperties: false,
  },
};
export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
export const VALIDATION_ERROR_BODY_REF = '#/components/schemas/ValidationErrorBody';

type Schema = Record<string, unknown>;
interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

/** The plain error body, however a route spelled it (`errorBodySchema`, `validationErrorBodySchema`). */
function sharedRefFor(schema: Schema | undefined): string | null {
  if (!schema || schema.type !== 'object') return null;
  const properties = Object.keys((schema.properties as Schema | undefined) ?? {}).sort();
  if (properties.join(',') !== 'errors,message') return null;
  const required = (schema.required as string[] | undefined) ?? [];
  return required.includes('errors') ? VALIDATION_ERROR_BODY_REF : ERROR_BODY_REF;
}

/** Statuses routes document themselves, where they said no more than Fastify's default. */
const ROUTE_STATUS_TEXT: Record<number, string> = {
  ...DERIVED_STATUS_TEXT,
  409: '今の状態ではできません（重複や、ほかの操作との競合）',
  429: '回数の上限に達しました（Retry-After の秒数の後にもう一度）',
  502: 'LINE など外部のサービスから正しい応答がありませんでした',
  503: '外部のサービスが一時的に使えません',
};

const errorResponse = (status: number, ref: string): Response => ({
  description: ROUTE_STATUS_TEXT[status] ?? 'エラー',
  content: { 'application/json': { schema: { $ref: ref } } },
});

/**
 * Adds the statuses the route's traits imply to one operation of the document, and points
 * every plain error body at the shared schema. A status the route documents itself keeps its
 * own body (a 409 with `alternatives`) and gets a description if it had only Fastify's default.
 */
export function completeResponses(operation: Schema, traits: RouteTraits): void {
  const responses = ((operation.responses as Record<string, Response> | undefined) ??= {});
  if (traits.documented) {
    // Fastify's placeholder 200 of a route without a response schema is not what it answers.
    const placeholder = responses['200'];
    if (placeholder && !placeholder.content && placeholder.description === 'Default Response')
      delete responses['200'];
    for (const [status, { description, contentType }] of Object.entries(traits.documented)) {
      responses[status] = contentType
        ? { description, content: { [contentType]: { schema: { type: 'string' } } } }
        : { description };
    }
  }
  for (const status of derivedStatuses(traits)) {
    if (responses[status]) continue;
    const ref = status === 400 || status === 422 ? VALIDATION_ERROR_BODY_REF : ERROR_BODY_REF;
    responses[status] = errorResponse(status, ref);
  }
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) continue;
    const text = ROUTE_STATUS_TEXT[Number(status)];
    if (text && (!response.description || response.description === 'Default Response')) {
      response.description = text;
    }
    const json = response.content?.['application/json'];
    const ref = sharedRefFor(json?.schema);
    if (json && ref) json.schema = { $ref: ref };
  }
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
  );
}
