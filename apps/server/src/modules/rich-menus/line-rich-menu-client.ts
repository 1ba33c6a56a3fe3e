import { randomBytes } from 'node:crypto';
import { lineErrorDetailsOf, type LineErrorDetail } from '@tsunagu/contracts';

/**
 * LINE's rich menu calls (messaging-api.yml and insight.yml of `line/line-openapi`): menus,
 * their image on the data API host (LINE_DATA_API_BASE), aliases, links one by one, in bulk
 * (≤ 500 users) and by batch (with `resumeRequestKey`), the default menu and the insight
 * summary. Plain `fetch` with a deadline (a publish makes a few dozen calls).
 */
export type LineCall<T = Record<string, unknown>> =
  | { kind: 'ok'; body: T; requestId: string | null }
  /** 429: an hourly budget or the rate; `retryAfterMs` when LINE said. */
  | { kind: 'limited'; reason: string; retryAfterMs?: number }
  /** A 5xx, a timeout or a lost connection: LINE may have done it; ask again the same way. */
  | { kind: 'retry'; reason: string }
  /** LINE refused it (4xx): `message` is LINE's own. */
  | {
      kind: 'refused';
      status: number;
      message: string;
      reason: string;
      details: LineErrorDetail[];
    };

export interface LineRichMenuClient {
  validate(token: string, menu: unknown): Promise<LineCall>;
  create(token: string, menu: unknown): Promise<LineCall<{ richMenuId?: string }>>;
  uploadImage(token: string, id: string, contentType: string, bytes: Buffer): Promise<LineCall>;
  createAlias(token: string, aliasId: string, richMenuId: string): Promise<LineCall>;
  updateAlias(token: string, aliasId: string, richMenuId: string): Promise<LineCall>;
  deleteAlias(token: string, aliasId: string): Promise<LineCall>;
  bulkLink(token: string, richMenuId: string, userIds: string[]): Promise<LineCall>;
  bulkUnlink(token: string, userIds: string[]): Promise<LineCall>;
  batch(
    token: string,
    operations: { type: 'link'; from: string; to: string }[],
    resumeRequestKey: string,
  ): Promise<LineCall>;
  batchProgress(token: string, requestId: string): Promise<LineCall<{ phase?: string }>>;
  setDefault(token: string, richMenuId: string): Promise<LineCall>;
  cancelDefault(token: string): Promise<LineCall>;
  linkUser(token: string, userId: string, richMenuId: string): Promise<LineCall>;
  deleteMenu(token: string, richMenuId: string): Promise<LineCall>;
  insightSummary(
    token: string,
    richMenuId: string,
    from: string,
    to: string,
  ): Promise<LineCall<InsightSummary>>;
}

/** insight.yml's GetRichMenuInsightSummaryResponse (only `richMenuId` below the threshold). */
export interface InsightSummary {
  richMenuId?: string;
  metricsFrom?: string | null;
  metricsTo?: string | null;
  impression?: { metrics: { count: number; uniqueUsers: number } };
  clicks?: {
    bounds: { x: number; y: number; width: number; height: number };
    metrics: { count: number; uniqueUsers: number };
  }[];
}

async function answerOf<T>(response: Response): Promise<LineCall<T>> {
  const requestId = response.headers.get('x-line-request-id');
  let body: Record<string, unknown> = {};
  const text = await response.text().catch(() => '');
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: 'ok', body: body as T, requestId };
  const message = typeof body.message === 'string' ? body.message.slice(0, 200) : '';
  const detail = message ? `: ${message}` : '';
  if (status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    return {
      kind: 'limited',
      reason: `LINE の上限に達しました（429${detail}）`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (status >= 500)
    return { kind: 'retry', reason: `LINE のサーバーエラー（${status}${detail}）` };
  return {
    kind: 'refused',
    status,
    message,
    reason:
      status === 401
        ? `チャネルアクセストークンが無効です（401${detail}）`
        : `LINE がリクエストを受け付けませんでした（${status}${detail}）`,
    details: lineErrorDetailsOf(body),
  };
}

export function createLineRichMenuClient(options: {
  apiBase: string;
  dataApiBase: string;
  timeoutMs: number;
}): LineRichMenuClient {
  const api = options.apiBase.replace(/\/+$/, '');
  const data = options.dataApiBase.replace(/\/+$/, '');
  async function call<T = Record<string, unknown>>(
    method: string,
    url: string,
    token: string,
    body?: { json: unknown } | { bytes: Buffer; contentType: string },
  ): Promise<LineCall<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: string | Buffer | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['content-type'] = body.contentType;
      payload = body.bytes;
    }
    try {
      const response = await fetch(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return await answerOf<T>(response);
    } catch {
      return { kind: 'retry', reason: 'LINE から応答がありませんでした' };
    }
  }
  const id = encodeURIComponent;
  return {
    validate: (token, menu) =>
      call('POST', `${api}/v2/bot/richmenu/validate`, token, { json: menu }),
    create: (token, menu) => call('POST', `${api}/v2/bot/richmenu`, token, { json: menu }),
    uploadImage: (token, menuId, contentType, bytes) =>
      call('POST', `${data}/v2/bot/richmenu/${id(menuId)}/content`, token, { bytes, contentType }),
    createAlias: (token, richMenuAliasId, richMenuId) =>
      call('POST', `${api}/v2/bot/richmenu/alias`, token, {
        json: { richMenuAliasId, richMenuId },
      }),
    updateAlias: (token, aliasId, richMenuId) =>
      call('POST', `${api}/v2/bot/richmenu/alias/${id(aliasId)}`, token, { json: { richMenuId } }),
    deleteAlias: (token, aliasId) =>
      call('DELETE', `${api}/v2/bot/richmenu/alias/${id(aliasId)}`, token),
    bulkLink: (token, richMenuId, userIds) =>
      call('POST', `${api}/v2/bot/richmenu/bulk/link`, token, { json: { richMenuId, userIds } }),
    bulkUnlink: (token, userIds) =>
      call('POST', `${api}/v2/bot/richmenu/bulk/unlink`, token, { json: { userIds } }),
    batch: (token, operations, resumeRequestKey) =>
      call('POST', `${api}/v2/bot/richmenu/batch`, token, {
        json: { operations, resumeRequestKey },
      }),
    batchProgress: (token, requestId) =>
      call('GET', `${api}/v2/bot/richmenu/progress/batch?requestId=${id(requestId)}`, token),
    setDefault: (token, richMenuId) =>
      call('POST', `${api}/v2/bot/user/all/richmenu/${id(richMenuId)}`, token),
    cancelDefault: (token) => call('DELETE', `${api}/v2/bot/user/all/richmenu`, token),
    linkUser: (token, userId, richMenuId) =>
      call('POST', `${api}/v2/bot/user/${id(userId)}/richmenu/${id(richMenuId)}`, token),
    deleteMenu: (token, richMenuId) =>
      call('DELETE', `${api}/v2/bot/richmenu/${id(richMenuId)}`, token),
    insightSummary: (token, richMenuId, from, to) =>
      call(
        'GET',
        `${api}/v2/bot/insight/richmenu/${id(richMenuId)}/summary?from=${from}&to=${to}`,
        token,
      ),
  };
}

/**
 * LINE_PUSH_SENDER=dry-run: nothing leaves the machine; every call is taken, menus get made-up
 * ids and a batch succeeds at once (the demo without a channel still shows 公開中).
 */
export function createDryRunRichMenuClient(): LineRichMenuClient {
  const ok = async () => ({ kind: 'ok' as const, body: {}, requestId: null });
  return {
    validate: ok,
    create: async () => ({
      kind: 'ok',
      body: { richMenuId: `richmenu-${randomBytes(16).toString('hex')}` },
      requestId: null,
    }),
    uploadImage: ok,
    createAlias: ok,
    updateAlias: ok,
    deleteAlias: ok,
    bulkLink: ok,
    bulkUnlink: ok,
    batch: async () => ({
      kind: 'ok',
      body: {},
      requestId: `dry-${randomBytes(8).toString('hex')}`,
    }),
    batchProgress: async () => ({ kind: 'ok', body: { phase: 'succeeded' }, requestId: null }),
    setDefault: ok,
    cancelDefault: ok,
    linkUser: ok,
    deleteMenu: ok,
    insightSummary: async (_token, richMenuId) => ({
      kind: 'ok',
      body: { richMenuId },
      requestId: null,
    }),
  };
}
