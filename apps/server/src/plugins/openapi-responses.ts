import type { RouteAccess } from './access.js';

/**
 * The statuses an operation can answer whatever its handler does, derived from the route's
 * traits (issue 28, decision 0370): the API's hooks and the router answer them before or around
 * every handler, so a route never lists them itself — and a route added on another branch gets
 * them without an edit. A route still lists its own (409, 429, 502 …) in `schema.response`.
 */
export interface RouteTraits {
  method: string;
  access: RouteAccess;
  /** false: exempt from the CSRF header check (`config.csrf`). */
  csrf: boolean;
  /** The path has parameters (`/{id}`, `/{publicKey}`). */
  hasPathParams: boolean;
  /** The route's own non-JSON answers (`config.documentedResponses`). */
  documented?: DocumentedResponses;
}

/** Statuses a route answers with something other than JSON: a stream, a redirect. */
export type DocumentedResponses = Record<number, { description: string; contentType?: string }>;

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);

/** What each derived status means, as the document says it. */
export const DERIVED_STATUS_TEXT = {
  400: 'リクエストの形が壊れています（JSON として読めない本文、読めない URL など）',
  401: '認証されていません（ログイン、予約ページの会員セッション、または署名がない・切れた・誤り）',
  403: '権限がありません（権限・オーナー限定、または X-Requested-With ヘッダーのない書き込み）',
  404: 'パスの ID やキーに当たるものがありません（他のアカウントのものも含む）',
  413: '本文が大きすぎます（1 MB まで）',
  414: 'パスのパラメーターが長すぎます（100 文字まで）',
  415: '本文の Content-Type に対応していません',
  422: '入力内容に誤りがあります（errors にフィールドごとのメッセージ）',
} as const;

export type DerivedStatus = keyof typeof DERIVED_STATUS_TEXT;

export function derivedStatuses(route: RouteTraits): DerivedStatus[] {
  const writes = STATE_CHANGING_METHODS.has(route.method.toUpperCase());
  const statuses = new Set<DerivedStatus>();
  // The text guard (preValidation) checks every path, query and body string of every call.
  statuses.add(422);
  // Sessions: every call but the public ones (member calls need the booking page's session).
  if (route.access.kind !== 'public') statuses.add(401);
  // Rights, and the CSRF header on every state-changing call that is not exempt.
  if (route.access.kind === 'permissions' || route.access.kind === 'owner') statuses.add(403);
  if (writes && route.csrf) statuses.add(403);
  // A body may come with any state-changing call: Fastify parses it before any route code.
  if (writes) for (const status of [400, 413, 415] as const) statuses.add(status);
  if (route.hasPathParams) {
    // An undecodable parameter (`%c0%ae`) is a 400 of the router; an over-long one a 414 (or no
    // route: 404); a well-formed one that names nothing, or another account's row, a 404.
    for (const status of [400, 404, 414] as const) statuses.add(status);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** `config.documentedResponses` of a Server-Sent Events route. */
export const EVENT_STREAM_RESPONSES: DocumentedResponses = {
  200: { description: 'Server-Sent Events のストリーム', contentType: 'text/event-stream' },
};
