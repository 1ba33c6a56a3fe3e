/**
 * LINE's data API (`GET {LINE_DATA_API_BASE}/v2/bot/message/{messageId}/content`, issue 24): the
 * content of an image, video, audio or file a friend sent. Read as a stream and cut off past
 * `maxBytes`, so a large file never fills the memory.
 */
export type ContentAnswer =
  | { kind: 'ok'; contentType: string; bytes: Buffer }
  | { kind: 'too_large' }
  /** LINE has it no more (404/410) or refuses for good (400/401/403): give up. */
  | { kind: 'gone'; status: number }
  /** Not yet (202 while LINE prepares a video), busy, unreachable: try again later. */
  | { kind: 'later'; reason: string };

const TIMEOUT_MS = 30_000;

export async function fetchMessageContent(
  dataApiBase: string,
  token: string,
  messageId: string,
  maxBytes: number,
): Promise<ContentAnswer> {
  const base = dataApiBase.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/v2/bot/message/${encodeURIComponent(messageId)}/content`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'later', reason: 'LINEに接続できませんでした' };
  }
  if (response.status === 200) {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel();
      return { kind: 'too_large' };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          await response.body?.cancel().catch(() => {});
          return { kind: 'too_large' };
        }
        chunks.push(Buffer.from(chunk));
      }
    } catch {
      return { kind: 'later', reason: 'LINEからの受信が途中で切れました' };
    }
    const contentType = (response.headers.get('content-type') ?? 'application/octet-stream').slice(
      0,
      100,
    );
    return { kind: 'ok', contentType, bytes: Buffer.concat(chunks) };
  }
  await response.body?.cancel().catch(() => {});
  if ([400, 401, 403, 404, 410].includes(response.status))
    return { kind: 'gone', status: response.status };
  return { kind: 'later', reason: `LINE ${response.status}` };
}
