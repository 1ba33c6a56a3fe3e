/**
 * Google's OAuth for Google Ads (decision 0444): the authorize redirect and the token calls,
 * against AD_GOOGLE_OAUTH_BASE (a fake on loopback in tests).
 */
export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';

export function googleAuthorizeUrl(
  base: string,
  input: { clientId: string; redirectUri: string; state: string },
): string {
  const url = new URL('/o/oauth2/v2/auth', base);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: GOOGLE_ADS_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state: input.state,
  }).toString();
  return url.href;
}

export interface TokenAnswer {
  status: number;
  accessToken: string | null;
  refreshToken: string | null;
  text: string;
}

/** POST {base}/o/oauth2/token (code exchange or refresh). */
export async function googleToken(
  base: string,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const response = await fetch(new URL('/o/oauth2/token', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: { access_token?: string; refresh_token?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // Not JSON: the text is the answer.
  }
  return {
    status: response.status,
    accessToken: json.access_token ?? null,
    refreshToken: json.refresh_token ?? null,
    text: text.slice(0, 1000),
  };
}
