import { MAX_ID, PATH_PARAM_MAX_LENGTH } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, signIn, type TestApp } from '../../test/helpers/test-app.js';
import { ERROR_BODY_REF, VALIDATION_ERROR_BODY_REF } from './openapi-document.js';

/**
 * The OpenAPI document's invariants (issue 28, decision 0370), checked on the document the app
 * serves, so a route added tomorrow that breaks one fails here at once — before the hostile
 * sweep, which then also refuses any answer the document does not list.
 */
type Schema = Record<string, unknown> & {
  type?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  multipleOf?: number;
  properties?: Record<string, Schema>;
  $ref?: string;
  enum?: unknown[];
};
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
  security?: unknown[];
  'x-tsunagu-access': { kind: string };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

/** Path or query parameters that name a row by its id. */
const isIdName = (name: string) => /^(id|ids)$|Id$|_id$/.test(name);
/**
 * Id-like names that are not one row's id: the SSE `Last-Event-ID` resume point (text), `ids`,
 * a comma-separated list (its own pattern, `idListParam`), and a shift's `self_id`
 * (`{masterId}_{date}`, one day of a repeating shift).
 */
const NOT_ROW_IDS = new Set(['last_event_id', 'ids', 'self_id']);

describe(`the OpenAPI document tells the truth (${databaseKind})`, () => {
  let t: TestApp;
  let doc: Document;
  const operations: { name: string; method: string; path: string; op: Operation }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const demo = await signIn(t.app, 'demo');
    doc = (await demo.get('/api/docs/json')).json();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations.push({ name: `${method.toUpperCase()} ${path}`, method, path, op });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The operations breaking `rule`, by name: the failure lists them all. */
  const breaking = (rule: (o: (typeof operations)[number]) => boolean) =>
    operations.filter((o) => !rule(o)).map((o) => o.name);

  it('every signed-in operation documents 401, and only public ones have no security', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(
      breaking(
        ({ op }) => op['x-tsunagu-access'].kind === 'public' || op.responses['401'] !== undefined,
      ),
    ).toEqual([]);
    expect(
      breaking(
        ({ op }) => (op['x-tsunagu-access'].kind === 'public') === (op.security?.length === 0),
      ),
    ).toEqual([]);
  });

  it('each operation names the credential it takes: the session cookie, the member cookie, the API key, or none', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'tsunagu_session' },
      member: { type: 'apiKey', in: 'cookie', name: 'tsunagu_member' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    const expected: Record<string, unknown[]> = {
      public: [],
      member: [{ member: [] }],
      'api-key': [{ apiKey: [] }],
      operator: [{ session: [] }],
      permissions: [{ session: [] }],
      owner: [{ session: [] }],
    };
    expect(
      breaking(({ op }) => {
        const want = expected[op['x-tsunagu-access'].kind];
        return want !== undefined && JSON.stringify(op.security) === JSON.stringify(want);
      }),
    ).toEqual([]);
    // The open API's events take a Bearer key, not the console's cookie (TRG-11).
    const events = doc.paths['/api/open_api/events']!;
    expect(events.post!.security).toEqual([{ apiKey: [] }]);
    expect(events.post!['x-tsunagu-access']).toEqual({ kind: 'api-key' });
    expect(events.post!.responses['401']).toBeDefined();
    expect(events.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
  });

  it('every write documents 400, 413, 415 and 422 (malformed, too large, wrong type, invalid); every operation 422', () => {
    const writes = (method: string) => method !== 'get';
    expect(
      breaking(
        ({ method, op }) =>
          !writes(method) || ['400', '413', '415', '422'].every((s) => op.responses[s]),
      ),
    ).toEqual([]);
    expect(breaking(({ op }) => op.responses['422'] !== undefined)).toEqual([]);
  });

  it('403 wherever a permission or the owner role applies, and on every write the CSRF check covers', () => {
    expect(
      breaking(
        ({ op }) =>
          !['permissions', 'owner'].includes(op['x-tsunagu-access'].kind) ||
          op.responses['403'] !== undefined,
      ),
    ).toEqual([]);
    // Every signed-in write is under the CSRF check (public and API-key writes may be exempt:
    // LINE's webhook and the open API's events are called by other servers, signed or with a key).
    expect(
      breaking(
        ({ method, op }) =>
          method === 'get' ||
          ['public', 'api-key'].includes(op['x-tsunagu-access'].kind) ||
          op.responses['403'] !== undefined,
      ),
    ).toEqual([]);
  });

  it('every operation with path parameters documents 404 and 414 (longer than the router takes)', () => {
    expect(
      breaking(
        ({ op }) =>
          !op.parameters?.some((p) => p.in === 'path') ||
          (op.responses['404'] !== undefined && op.responses['414'] !== undefined),
      ),
    ).toEqual([]);
  });

  it('path and query ids are integers from 1 to the column bound; string path parameters fit the router', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        if (isIdName(p.name) && !NOT_ROW_IDS.has(p.name)) {
          const s = p.schema;
          if (s.type !== 'integer' || s.minimum !== 1 || s.maximum !== MAX_ID)
            wrong.push(`${name} ${p.in} ${p.name}: ${JSON.stringify(s)}`);
        }
        if (p.in === 'path' && p.schema.type === 'string' && !p.schema.enum) {
          if (!(
            typeof p.schema.maxLength === 'number' && p.schema.maxLength <= PATH_PARAM_MAX_LENGTH
          ))
            wrong.push(
              `${name} path ${p.name}: maxLength ${p.schema.maxLength} > ${PATH_PARAM_MAX_LENGTH}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the booking and event pages' publicKey allows exactly what the router accepts", () => {
    const keys = operations.flatMap(({ name, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.name === 'publicKey' && name.includes('/api/booking/{publicKey}'))
        .map((p) => p.schema.maxLength),
    );
    expect(keys.length).toBeGreaterThan(5);
    expect(new Set(keys)).toEqual(new Set([PATH_PARAM_MAX_LENGTH]));
  });

  it('every error body refers to the shared error schema (or extends it with a message)', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorBody', 'ValidationErrorBody']),
    );
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        if (!response.description || response.description === 'Default Response')
          wrong.push(`${name} ${status}: no description`);
        // A public page's error is a page for people (`/t/{code}`: text/html), not a JSON body.
        const json = response.content?.['application/json'];
        if (!json && Object.keys(response.content ?? {}).some((type) => type.startsWith('text/')))
          continue;
        const schema = json?.schema;
        const shared =
          schema?.$ref === ERROR_BODY_REF || schema?.$ref === VALIDATION_ERROR_BODY_REF;
        if (!shared && !JSON.stringify(schema ?? {}).includes('"message"'))
          wrong.push(`${name} ${status}: ${JSON.stringify(schema ?? null).slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a course's duration states its 5-minute step", () => {
    const body =
      doc.paths['/api/salon/{salonId}/courses']!.post!.requestBody!.content!['application/json']!
        .schema!;
    expect(body.properties!.duration).toMatchObject({ type: 'integer', multipleOf: 5 });
  });

  it("LINE's webhook body is described: the destination and the events we handle", () => {
    const body =
      doc.paths['/api/line/webhook']!.post!.requestBody!.content!['application/json']!.schema!;
    expect(body.properties!.destination).toMatchObject({ type: 'string' });
    const events = JSON.stringify(body.properties!.events);
    for (const type of ['follow', 'unfollow', 'message', 'postback', 'unsend', 'delivery'])
      expect(events).toContain(`"${type}"`);
    expect(events).toContain('webhookEventId');
  });
});
