import type { RouteAccess } from './access.js';

/**
 * How a caller proves who it is, as the OpenAPI document names it (issue 28, decision 0410):
 * the console's session cookie, the booking page's member cookie, and the open API's key.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: 'tsunagu_session',
    description: '管理コンソールのログインセッション（POST /api/auth/login で発行）',
  },
  /** The booking page's member session (decision 0115). */
  member: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: 'tsunagu_member',
    description: '予約ページの会員セッション（LINEログインで発行）',
  },
  /** The open API's keys (decision 0170): `Authorization: Bearer tsk_…`. */
  apiKey: {
    type: 'http' as const,
    scheme: 'bearer',
    description: 'オープンAPIのAPIキー（設定 → APIキーで発行、`tsk_` で始まる）',
  },
};

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SecurityScheme, string[]>>;

/** An operation's `security`, from the route's access: none for public calls. */
export function securityOf(access: RouteAccess): SecurityRequirement[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'member':
      return [{ member: [] }];
    case 'api-key':
      return [{ apiKey: [] }];
    default:
      return [{ session: [] }];
  }
}
