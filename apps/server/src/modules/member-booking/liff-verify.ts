import { z } from 'zod';

/**
 * LINE's ID token check for LIFF (`POST {LINE_API_BASE}/oauth2/v2.1/verify`, form `id_token`
 * and `client_id` = the LINE Login channel id; LINE Login v2.1 API reference). LINE checks the
 * signature, the audience and the expiry and answers 400 for any failure; we check the claims we
 * rely on again (audience, expiry, a LINE user id as `sub`).
 */
export type LiffVerification =
  | { kind: 'ok'; lineUserId: string; name: string; picture: string }
  /** LINE refused the token (bad, expired, for another channel) or its claims do not hold. */
  | { kind: 'refused'; reason: string }
  /** LINE could not be reached or answered otherwise. */
  | { kind: 'unreachable' };

const claimsSchema = z.object({
  sub: z.string().regex(/^U[0-9a-f]{32}$/),
  aud: z.string(),
  exp: z.number(),
  name: z.string().max(200).optional(),
  picture: z.string().max(2000).optional(),
});

const TIMEOUT_MS = 10_000;

export async function verifyLiffIdToken(
  apiBase: string,
  idToken: string,
  clientId: string,
  now: Date,
): Promise<LiffVerification> {
  let response: Response;
  try {
    response = await fetch(`${apiBase.replace(/\/+$/, '')}/oauth2/v2.1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: idToken, client_id: clientId }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 400) {
    const description = (body as { error_description?: unknown } | null)?.error_description;
    return { kind: 'refused', reason: typeof description === 'string' ? description : 'refused' };
  }
  if (response.status !== 200) return { kind: 'unreachable' };
  const claims = claimsSchema.safeParse(body);
  if (!claims.success) return { kind: 'refused', reason: 'claims' };
  if (claims.data.aud !== clientId) return { kind: 'refused', reason: 'audience' };
  if (claims.data.exp * 1000 <= now.getTime()) return { kind: 'refused', reason: 'expired' };
  return {
    kind: 'ok',
    lineUserId: claims.data.sub,
    name: claims.data.name ?? '',
    picture: claims.data.picture ?? '',
  };
}
