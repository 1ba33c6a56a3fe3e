import { z } from 'zod';

/**
 * LINE Login v2.1 for trackers (issue 29, decision 0332): the authorize URL (web login with
 * `bot_prompt=aggressive`, so the consent screen offers the add-friend too) and the code
 * exchange at `{LINE_API_BASE}/oauth2/v2.1/token`. The ID token is checked by LINE's verify
 * endpoint and the friendship asked with the access token (member-booking's helpers).
 */
export function authorizeUrl(
  loginBase: string,
  input: { clientId: string; redirectUri: string; state: string },
): string {
  const url = new URL(`${loginBase.replace(/\/+$/, '')}/oauth2/v2.1/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('scope', 'profile openid');
  url.searchParams.set('bot_prompt', 'aggressive');
  return url.toString();
}

const tokenSchema = z.object({ access_token: z.string(), id_token: z.string() });

/** The code exchanged for the access and ID tokens; null when LINE refused it or is away. */
export async function exchangeCode(
  apiBase: string,
  input: { code: string; redirectUri: string; clientId: string; clientSecret: string },
): Promise<{ accessToken: string; idToken: string } | null> {
  try {
    const response = await fetch(`${apiBase.replace(/\/+$/, '')}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        client_id: input.clientId,
        client_secret: input.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) return null;
    const body = tokenSchema.safeParse(await response.json());
    return body.success
      ? { accessToken: body.data.access_token, idToken: body.data.id_token }
      : null;
  } catch {
    return null;
  }
}
