import { z } from 'zod';

/**
 * Whether the LIFF user is a friend of the LINE official account linked to the LINE Login
 * channel (`GET {LINE_API_BASE}/friendship/v1/status` with LIFF's access token; LINE Login v2.1
 * API reference): true or false, or null when it cannot be known now (no token given, LINE
 * refused it or could not be reached). A sign-in never fails for it (decision 0181).
 */
export async function liffFriendship(
  apiBase: string,
  accessToken: string | undefined,
): Promise<boolean | null> {
  if (!accessToken) return null;
  try {
    const response = await fetch(`${apiBase.replace(/\/+$/, '')}/friendship/v1/status`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) return null;
    const body = z.object({ friendFlag: z.boolean() }).safeParse(await response.json());
    return body.success ? body.data.friendFlag : null;
  } catch {
    return null;
  }
}
