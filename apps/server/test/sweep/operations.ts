/**
 * The operations of the OpenAPI document (`/api/docs/json`), read into what the hostile sweep
 * needs: method, path template, path and query parameters with their schemas, the JSON body
 * schema (or multipart), and who may call it (`x-tsunagu-access`).
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export type Access =
  | { kind: 'public' }
  | { kind: 'operator' }
  | { kind: 'permissions'; keys: string[] }
  | { kind: 'owner' }
  /** The booking page's member session (not an operator's). */
  | { kind: 'member' }
  /** An open-API key as `Authorization: Bearer` (no session). */
  | { kind: 'api-key' };

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/salon/{salonId}/reservations/{id}` */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart' } | null;
  access: Access;
  /** Every status the document says the operation can answer ('200', '404' …). */
  statuses: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-tsunagu-access'?: Access;
  responses?: Record<string, unknown>;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const parameter = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required ?? false }));
      const content = operation.requestBody?.content ?? {};
      const body = content['multipart/form-data']
        ? ({ kind: 'multipart' } as const)
        : content['application/json']
          ? ({ kind: 'json', schema: content['application/json'].schema ?? {} } as const)
          : null;
      const access = operation['x-tsunagu-access'];
      if (!access) throw new Error(`${method} ${path} has no x-tsunagu-access`);
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameter('path'),
        query: parameter('query'),
        body,
        access,
        statuses: Object.keys(operation.responses ?? {}),
      });
    }
  }
  return operations;
}

/** Writes are the state-changing methods; reads never need more than a session. */
export const isWrite = (operation: Operation) => operation.method !== 'GET';

/** A write that needs more than a signed-in operator (a key or the owner role). */
export const needsRight = (operation: Operation) =>
  operation.access.kind === 'permissions' || operation.access.kind === 'owner';
