import type http from 'node:http';

/**
 * The chat's part of the fake LINE (issue 24), kept apart from the rest: reply tokens (each
 * works once and expires, as LINE's do: a used or stale one is 400 「Invalid reply token」),
 * `POST /v2/bot/message/reply`, `POST /v2/bot/chat/markAsRead`, the loading animation
 * (`POST /v2/bot/chat/loading/start`), and message content on the data
 * API (`GET /v2/bot/message/{id}/content`, the same fake serves LINE_DATA_API_BASE).
 */
export interface FakeLineChat {
  /** A reply token of a friend's message, valid `lifetimeMs` (default 60 s) and once. */
  issueReplyToken(lifetimeMs?: number): string;
  /** Replies LINE received (every attempt), with the status answered (0: hung). */
  replies: { channelId: string; replyToken: string; messages: unknown[]; status: number }[];
  /** How the nth reply answers (0-based): `hang` never answers (the client times out). */
  setReplyBehaviour(behaviour: (call: number) => { hang?: boolean }): void;
  /** What `GET /v2/bot/message/{id}/content` serves for a message (else 404). */
  setContent(messageId: string, content: { contentType: string; bytes: Buffer } | null): void;
  /** Content calls received (message ids), in order. */
  contentCalls: string[];
  markAsReadCalls: { channelId: string; markAsReadToken: string }[];
  /**
   * `POST /v2/bot/chat/loading/start` calls LINE accepted (202): a user id as `chatId` and
   * `loadingSeconds` 5…60, a multiple of 5 (messaging-api.yml); others are 400 and not listed.
   */
  loadingCalls: { channelId: string; chatId: string; loadingSeconds: number }[];
  /** Ends hung replies (close). */
  close(): void;
}

export function createFakeLineChat() {
  let issued = 0;
  const tokens = new Map<string, { expiresAt: number; used: boolean }>();
  const contents = new Map<string, { contentType: string; bytes: Buffer }>();
  const hanging = new Set<http.ServerResponse>();
  let behaviour: (call: number) => { hang?: boolean } = () => ({});
  let calls = 0;
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const chat: FakeLineChat = {
    issueReplyToken(lifetimeMs = 60_000) {
      issued += 1;
      const token = `reply-token-${issued}`;
      tokens.set(token, { expiresAt: Date.now() + lifetimeMs, used: false });
      return token;
    },
    replies: [],
    setReplyBehaviour(next) {
      behaviour = next;
      calls = 0;
    },
    setContent(messageId, content) {
      if (content) contents.set(messageId, content);
      else contents.delete(messageId);
    },
    contentCalls: [],
    markAsReadCalls: [],
    loadingCalls: [],
    close() {
      for (const res of hanging) res.destroy();
    },
  };

  /** Answers the chat's calls of a known channel; false when the call is not one of them. */
  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    raw: Buffer,
    channelId: string,
  ): boolean {
    const path = req.url ?? '';
    const content = /^\/v2\/bot\/message\/([^/]+)\/content$/.exec(path);
    if (req.method === 'GET' && content) {
      const id = decodeURIComponent(content[1]!);
      chat.contentCalls.push(id);
      const found = contents.get(id);
      if (!found) json(res, 404, { message: 'Not found' });
      else
        res
          .writeHead(200, {
            'content-type': found.contentType,
            'content-length': String(found.bytes.byteLength),
          })
          .end(found.bytes);
      return true;
    }
    if (req.method === 'POST' && path === '/v2/bot/message/reply') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as {
        replyToken?: string;
        messages?: unknown[];
      };
      const replyToken = body.replyToken ?? '';
      const planned = behaviour(calls);
      calls += 1;
      const token = tokens.get(replyToken);
      const valid = token !== undefined && !token.used && token.expiresAt > Date.now();
      // A hung reply is taken all the same (LINE got it; the answer was lost).
      if (valid) token.used = true;
      const status = planned.hang ? 0 : valid ? 200 : 400;
      chat.replies.push({ channelId, replyToken, messages: body.messages ?? [], status });
      if (planned.hang) hanging.add(res);
      else if (valid) json(res, 200, { sentMessages: [] });
      else json(res, 400, { message: 'Invalid reply token' });
      return true;
    }
    if (req.method === 'POST' && path === '/v2/bot/chat/markAsRead') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as { markAsReadToken?: string };
      chat.markAsReadCalls.push({ channelId, markAsReadToken: body.markAsReadToken ?? '' });
      json(res, 200, {});
      return true;
    }
    if (req.method === 'POST' && path === '/v2/bot/chat/loading/start') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as {
        chatId?: unknown;
        loadingSeconds?: unknown;
      };
      const seconds = body.loadingSeconds ?? 20;
      const validSeconds =
        typeof seconds === 'number' && seconds >= 5 && seconds <= 60 && seconds % 5 === 0;
      if (typeof body.chatId !== 'string' || !/^U[0-9a-f]{32}$/.test(body.chatId) || !validSeconds)
        json(res, 400, { message: 'The request body has 1 error(s)' });
      else {
        chat.loadingCalls.push({ channelId, chatId: body.chatId, loadingSeconds: seconds });
        json(res, 202, {});
      }
      return true;
    }
    return false;
  }

  return { chat, handle };
}
