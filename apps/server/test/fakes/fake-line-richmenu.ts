import type http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { imageSize } from './fake-line-image-size.js';

/** A rich menu as LINE stores it (messaging-api.yml's RichMenuResponse, plus what the fake tracks). */
export interface FakeRichMenu {
  richMenuId: string;
  channelId: string;
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: { bounds: { x: number; y: number; width: number; height: number }; action: unknown }[];
  /** The uploaded image (content type and bytes); null until `POST …/content`. */
  image: { contentType: string; bytes: Buffer } | null;
}

/** One batch request LINE took (`POST /v2/bot/richmenu/batch`). */
export interface FakeRichMenuBatch {
  channelId: string;
  requestId: string;
  resumeRequestKey: string | undefined;
  operations: { type: string; from?: string; to?: string }[];
  /** Users whose menu the batch switched (each counted once, however often the key was retried). */
  switched: number;
}

/** How the nth call of a kind answers (0-based, from the last set): LINE's status instead of 2xx. */
type Refusal = { status: number; message?: string; taken?: boolean };

/**
 * The rich menu part of the fake LINE (issue 25, decision 0255), kept apart from the rest: menus
 * (create, validate, get, list, delete), their image (`…/content`, once), aliases, per-user links,
 * bulk link and unlink (≤ 500 ids), the batch (with `resumeRequestKey`) and its progress, the
 * default menu, and LINE's budgets: 100 creates and deletes an hour, 3 batches an hour → 429.
 */
export interface FakeLineRichMenu {
  /** Menus alive (deleted ones are gone), by rich menu id. */
  menus: Map<string, FakeRichMenu>;
  /** Aliases per channel: alias id → rich menu id. */
  aliases: Map<string, Map<string, string>>;
  /** Per channel: user id → the rich menu id linked to that user. */
  links: Map<string, Map<string, string>>;
  /** Per channel: the default rich menu id. */
  defaults: Map<string, string>;
  /** Every call, in order: method, path (with query) and the answered status. */
  calls: { method: string; path: string; status: number }[];
  /** Batches taken, in order. */
  batches: FakeRichMenuBatch[];
  /** Bulk link calls taken: how many user ids each carried. */
  bulkLinks: number[];
  /** The fake's clock for the hourly budgets (default: Date.now). */
  setClock(now: () => number): void;
  /**
   * How the nth call to a path kind answers (0-based, per kind, counted from this set): null goes
   * on normally; a refusal answers its status. `taken: true` applies the call first (the answer is
   * lost, as when LINE did the work then failed) — for `batch`, a retry with the same
   * `resumeRequestKey` then switches nobody twice.
   */
  setBehaviour(
    kind: 'create' | 'content' | 'alias' | 'bulkLink' | 'batch' | 'delete',
    behaviour: (call: number) => Refusal | null,
  ): void;
  /** The batch a `requestId` (from the batch's `x-line-request-id`) reports on. */
  progressOf(requestId: string): FakeRichMenuBatch | undefined;
  /**
   * What `GET /v2/bot/insight/richmenu/{id}/summary` answers for a menu (insight.yml): counts,
   * or (the default, and null) only the id — below LINE's privacy threshold.
   */
  setInsight(
    richMenuId: string,
    counts: {
      impression: { count: number; uniqueUsers: number };
      clicks: {
        bounds: FakeRichMenu['areas'][number]['bounds'];
        count: number;
        uniqueUsers: number;
      }[];
    } | null,
  ): void;
  /** Insight summary calls: the menu id, from and to of each. */
  insightCalls: { richMenuId: string; from: string; to: string }[];
}

const HOUR = 3_600_000;
const USER_ID = /^U[0-9a-f]{32}$/;
const ALIAS_ID = /^[a-z0-9_-]{1,32}$/;
const RESUME_KEY = /^[a-zA-Z0-9_-]{1,100}$/;
const MAX_IMAGE_BYTES = 1024 * 1024;

/** LINE's checks of a rich menu object; the details of a 400 (empty when valid). */
export function richMenuErrors(body: Record<string, unknown>) {
  const errors: { message: string; property: string }[] = [];
  const size = body.size as { width?: unknown; height?: unknown } | undefined;
  const width = Number(size?.width);
  const height = Number(size?.height);
  if (!size || !Number.isInteger(width) || !Number.isInteger(height))
    errors.push({ message: 'must be specified', property: 'size' });
  else {
    if (width < 800 || width > 2500)
      errors.push({ message: 'must be between 800 and 2500', property: 'size.width' });
    if (height < 250) errors.push({ message: 'must be 250 or more', property: 'size.height' });
    if (width / height < 1.45)
      errors.push({ message: 'aspect ratio must be 1.45 or more', property: 'size' });
  }
  if (typeof body.selected !== 'boolean')
    errors.push({ message: 'must be specified', property: 'selected' });
  if (typeof body.name !== 'string' || body.name.length === 0 || body.name.length > 300)
    errors.push({ message: 'size must be between 1 and 300', property: 'name' });
  if (
    typeof body.chatBarText !== 'string' ||
    body.chatBarText.length === 0 ||
    body.chatBarText.length > 14
  )
    errors.push({ message: 'size must be between 1 and 14', property: 'chatBarText' });
  const areas = body.areas;
  if (!Array.isArray(areas) || areas.length > 20)
    errors.push({ message: 'size must be between 0 and 20', property: 'areas' });
  else
    areas.forEach((area: Record<string, unknown>, i) => {
      const b = (area?.bounds ?? {}) as Record<string, number>;
      const ints = ['x', 'y', 'width', 'height'].every((k) => Number.isInteger(b[k]));
      if (!ints || b.x! < 0 || b.y! < 0 || b.width! < 1 || b.height! < 1)
        errors.push({ message: 'invalid bounds', property: `areas[${i}].bounds` });
      else if (b.x! + b.width! > width || b.y! + b.height! > height)
        errors.push({ message: 'out of the rich menu', property: `areas[${i}].bounds` });
      const action = area?.action as { type?: unknown } | undefined;
      if (typeof action?.type !== 'string')
        errors.push({ message: 'must be specified', property: `areas[${i}].action` });
    });
  return errors;
}

export function createFakeLineRichMenu() {
  let now = () => Date.now();
  /** Per channel: times of creates and deletes (one budget), and of batches. */
  const spent = new Map<string, number[]>();
  const batchesSpent = new Map<string, number[]>();
  const behaviours = new Map<string, { next: (call: number) => Refusal | null; calls: number }>();
  const resumed = new Map<string, FakeRichMenuBatch>();
  const progress = new Map<string, { polls: number; batch: FakeRichMenuBatch; failed: boolean }>();
  const insights = new Map<string, Parameters<FakeLineRichMenu['setInsight']>[1]>();
  const richMenu: FakeLineRichMenu = {
    menus: new Map(),
    aliases: new Map(),
    links: new Map(),
    defaults: new Map(),
    calls: [],
    batches: [],
    bulkLinks: [],
    setClock(next) {
      now = next;
    },
    setBehaviour(kind, next) {
      behaviours.set(kind, { next, calls: 0 });
    },
    progressOf(requestId) {
      return progress.get(requestId)?.batch;
    },
    setInsight(richMenuId, counts) {
      insights.set(richMenuId, counts);
    },
    insightCalls: [],
  };
  const of = <V>(map: Map<string, Map<string, V>>, channelId: string) => {
    let inner = map.get(channelId);
    if (!inner) map.set(channelId, (inner = new Map()));
    return inner;
  };
  /** Spends one of `limit` an hour from the channel's budget; false when the hour is spent. */
  const spend = (budgets: Map<string, number[]>, channelId: string, limit: number) => {
    const at = now();
    const recent = (budgets.get(channelId) ?? []).filter((t) => at - t < HOUR);
    if (recent.length >= limit) {
      budgets.set(channelId, recent);
      return false;
    }
    budgets.set(channelId, [...recent, at]);
    return true;
  };
  const planned = (kind: string) => {
    const found = behaviours.get(kind);
    if (!found) return null;
    const refusal = found.next(found.calls);
    found.calls += 1;
    return refusal;
  };

  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    raw: Buffer,
    channelId: string,
  ): boolean {
    const url = new URL(req.url ?? '', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? '';
    const insightPath = /^\/v2\/bot\/insight\/richmenu\/([^/]+)\/summary$/.exec(path);
    if (
      !insightPath &&
      !path.startsWith('/v2/bot/richmenu') &&
      !/^\/v2\/bot\/user\/[^/]+\/richmenu/.test(path)
    )
      return false;
    const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) => {
      richMenu.calls.push({ method, path: req.url ?? '', status });
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'x-line-request-id': randomUUID(),
          ...headers,
        })
        .end(JSON.stringify(body));
      return true;
    };
    const refuse = (status: number, message: string, details?: unknown[]) =>
      answer(status, details ? { message, details } : { message });
    const limited = () => refuse(429, 'The API rate limit has been exceeded. Try again later.');
    const parse = () => {
      try {
        return JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    const menuOf = (id: string | undefined) => {
      const menu = id ? richMenu.menus.get(id) : undefined;
      return menu && menu.channelId === channelId ? menu : undefined;
    };
    // --- insight (insight.yml: summary; only the id below the privacy threshold) ---------------
    if (insightPath && method === 'GET') {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      if (!/^\d{8}$/.test(from) || !/^\d{8}$/.test(to))
        return refuse(400, "The 'from' or 'to' parameter is invalid");
      const menu = menuOf(insightPath[1]);
      if (!menu) return refuse(404, 'Not found');
      richMenu.insightCalls.push({ richMenuId: menu.richMenuId, from, to });
      const counts = insights.get(menu.richMenuId);
      if (!counts) return answer(200, { richMenuId: menu.richMenuId });
      return answer(200, {
        richMenuId: menu.richMenuId,
        metricsFrom: from,
        metricsTo: to,
        impression: { metrics: counts.impression },
        clicks: counts.clicks.map((c) => ({
          bounds: c.bounds,
          metrics: { count: c.count, uniqueUsers: c.uniqueUsers },
        })),
      });
    }
    const links = of(richMenu.links, channelId);
    const aliases = of(richMenu.aliases, channelId);
    let m: RegExpExecArray | null;

    // --- menus ---------------------------------------------------------------------------------
    if (
      method === 'POST' &&
      (path === '/v2/bot/richmenu' || path === '/v2/bot/richmenu/validate')
    ) {
      const body = parse();
      if (!body) return refuse(400, 'The request body has 1 error(s)');
      const errors = richMenuErrors(body);
      if (errors.length > 0)
        return refuse(400, `The request body has ${errors.length} error(s)`, errors);
      if (path.endsWith('/validate')) return answer(200);
      const refusal = planned('create');
      if (refusal && !refusal.taken) return refuse(refusal.status, refusal.message ?? 'error');
      if (!spend(spent, channelId, 100)) return limited();
      const richMenuId = `richmenu-${randomBytes(16).toString('hex')}`;
      richMenu.menus.set(richMenuId, {
        richMenuId,
        channelId,
        size: body.size as FakeRichMenu['size'],
        selected: body.selected as boolean,
        name: body.name as string,
        chatBarText: body.chatBarText as string,
        areas: body.areas as FakeRichMenu['areas'],
        image: null,
      });
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      return answer(200, { richMenuId });
    }
    if (method === 'GET' && path === '/v2/bot/richmenu/list') {
      const richmenus = [...richMenu.menus.values()]
        .filter((menu) => menu.channelId === channelId)
        .map(publicMenu);
      return answer(200, { richmenus });
    }
    if ((m = /^\/v2\/bot\/richmenu\/(richmenu-[0-9a-f]{32})\/content$/.exec(path))) {
      const menu = menuOf(m[1]);
      if (!menu) return refuse(404, 'Not found');
      if (method === 'GET') {
        if (!menu.image) return refuse(404, 'Not found');
        richMenu.calls.push({ method, path: req.url ?? '', status: 200 });
        res.writeHead(200, { 'content-type': menu.image.contentType }).end(menu.image.bytes);
        return true;
      }
      if (method !== 'POST') return refuse(405, 'Method not allowed');
      const refusal = planned('content');
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      if (menu.image) return refuse(400, 'An image has already been uploaded to the richmenu');
      const contentType = String(req.headers['content-type'] ?? '');
      if (contentType !== 'image/jpeg' && contentType !== 'image/png')
        return refuse(415, 'Unsupported Media Type');
      if (raw.length > MAX_IMAGE_BYTES) return refuse(413, 'Request Entity Too Large');
      const dims = imageSize(raw);
      if (!dims || dims.width !== menu.size.width || dims.height !== menu.size.height)
        return refuse(400, 'Image size must match the rich menu size');
      menu.image = { contentType, bytes: raw };
      return answer(200);
    }
    if ((m = /^\/v2\/bot\/richmenu\/(richmenu-[0-9a-f]{32})$/.exec(path))) {
      const menu = menuOf(m[1]);
      if (!menu) return refuse(404, 'Not found');
      if (method === 'GET') return answer(200, publicMenu(menu));
      if (method !== 'DELETE') return refuse(405, 'Method not allowed');
      const refusal = planned('delete');
      if (refusal && !refusal.taken) return refuse(refusal.status, refusal.message ?? 'error');
      if (!spend(spent, channelId, 100)) return limited();
      richMenu.menus.delete(menu.richMenuId);
      for (const [user, id] of links) if (id === menu.richMenuId) links.delete(user);
      if (richMenu.defaults.get(channelId) === menu.richMenuId) richMenu.defaults.delete(channelId);
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      return answer(200);
    }

    // --- default menu --------------------------------------------------------------------------
    if (path === '/v2/bot/user/all/richmenu') {
      const id = richMenu.defaults.get(channelId);
      if (method === 'GET') return id ? answer(200, { richMenuId: id }) : refuse(404, 'Not found');
      if (method !== 'DELETE') return refuse(405, 'Method not allowed');
      richMenu.defaults.delete(channelId);
      return answer(200);
    }
    if (method === 'POST' && (m = /^\/v2\/bot\/user\/all\/richmenu\/([^/]+)$/.exec(path))) {
      const menu = menuOf(m[1]);
      if (!menu) return refuse(404, 'Not found');
      if (!menu.image) return refuse(400, 'must upload richmenu image before applying it to user');
      richMenu.defaults.set(channelId, menu.richMenuId);
      return answer(200);
    }

    // --- one user ------------------------------------------------------------------------------
    if ((m = /^\/v2\/bot\/user\/([^/]+)\/richmenu(?:\/([^/]+))?$/.exec(path))) {
      const userId = m[1]!;
      if (!USER_ID.test(userId))
        return refuse(400, "The value for the 'userId' parameter is invalid");
      if (m[2] && method === 'POST') {
        const menu = menuOf(m[2]);
        if (!menu) return refuse(404, 'Not found');
        if (!menu.image)
          return refuse(400, 'must upload richmenu image before applying it to user');
        links.set(userId, menu.richMenuId);
        return answer(200);
      }
      if (m[2]) return refuse(405, 'Method not allowed');
      if (method === 'GET') {
        const id = links.get(userId);
        return id ? answer(200, { richMenuId: id }) : refuse(404, 'the user has no richmenu');
      }
      if (method === 'DELETE') {
        links.delete(userId);
        return answer(200);
      }
      return refuse(405, 'Method not allowed');
    }

    // --- many users ----------------------------------------------------------------------------
    if (
      method === 'POST' &&
      (path === '/v2/bot/richmenu/bulk/link' || path === '/v2/bot/richmenu/bulk/unlink')
    ) {
      const body = parse();
      const userIds = body?.userIds;
      if (
        !Array.isArray(userIds) ||
        userIds.length < 1 ||
        userIds.length > 500 ||
        !userIds.every((id) => typeof id === 'string' && USER_ID.test(id))
      )
        return refuse(400, 'The request body has 1 error(s)', [
          { message: 'size must be between 1 and 500', property: 'userIds' },
        ]);
      if (path.endsWith('/unlink')) {
        for (const id of userIds as string[]) links.delete(id);
        return answer(202);
      }
      const menu = menuOf(body?.richMenuId as string | undefined);
      if (!menu) return refuse(400, 'richmenu not found');
      if (!menu.image) return refuse(400, 'must upload richmenu image before applying it to user');
      const refusal = planned('bulkLink');
      if (refusal && !refusal.taken) return refuse(refusal.status, refusal.message ?? 'error');
      for (const id of userIds as string[]) links.set(id, menu.richMenuId);
      richMenu.bulkLinks.push(userIds.length);
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      return answer(202);
    }
    if (
      method === 'POST' &&
      (path === '/v2/bot/richmenu/batch' || path === '/v2/bot/richmenu/validate/batch')
    ) {
      const body = parse();
      const operations = body?.operations;
      const key = body?.resumeRequestKey;
      const errors = batchErrors(operations, key);
      if (!errors.length)
        (operations as { type: string; from?: string; to?: string }[]).forEach((op, i) => {
          if (op.from && !menuOf(op.from))
            errors.push({ message: 'richmenu not found', property: `operations[${i}].from` });
          if (op.to && !menuOf(op.to))
            errors.push({ message: 'richmenu not found', property: `operations[${i}].to` });
        });
      if (errors.length)
        return refuse(400, `The request body has ${errors.length} error(s)`, errors);
      if (path.endsWith('/validate/batch')) return answer(200);
      const refusal = planned('batch');
      if (refusal && !refusal.taken) return refuse(refusal.status, refusal.message ?? 'error');
      const resumeKey = typeof key === 'string' ? `${channelId}:${key}` : undefined;
      const earlier = resumeKey ? resumed.get(resumeKey) : undefined;
      // A retry with the key of a batch LINE took resumes it: nobody is switched twice.
      if (earlier) {
        const requestId = randomUUID();
        progress.set(requestId, { polls: 0, batch: earlier, failed: false });
        return answer(202, {}, { 'x-line-request-id': requestId });
      }
      if (!spend(batchesSpent, channelId, 3)) return limited();
      const requestId = randomUUID();
      const batch: FakeRichMenuBatch = {
        channelId,
        requestId,
        resumeRequestKey: key as string | undefined,
        operations: operations as FakeRichMenuBatch['operations'],
        switched: 0,
      };
      for (const op of batch.operations)
        for (const [user, id] of links) {
          if (op.type === 'unlinkAll') links.delete(user);
          else if (id !== op.from) continue;
          else if (op.type === 'link') links.set(user, op.to!);
          else links.delete(user);
          batch.switched += 1;
        }
      richMenu.batches.push(batch);
      if (resumeKey) resumed.set(resumeKey, batch);
      progress.set(requestId, { polls: 0, batch, failed: false });
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      return answer(202, {}, { 'x-line-request-id': requestId });
    }
    if (method === 'GET' && path === '/v2/bot/richmenu/progress/batch') {
      const found = progress.get(url.searchParams.get('requestId') ?? '');
      if (!found || found.batch.channelId !== channelId) return refuse(404, 'Not found');
      found.polls += 1;
      const acceptedTime = new Date(now()).toISOString();
      // One step per call: ongoing first, then the outcome.
      if (found.polls === 1) return answer(200, { phase: 'ongoing', acceptedTime });
      return answer(200, { phase: 'succeeded', acceptedTime, completedTime: acceptedTime });
    }

    // --- aliases -------------------------------------------------------------------------------
    if (method === 'GET' && path === '/v2/bot/richmenu/alias/list') {
      const list = [...aliases].map(([richMenuAliasId, richMenuId]) => ({
        richMenuAliasId,
        richMenuId,
      }));
      return answer(200, { aliases: list });
    }
    if (method === 'POST' && path === '/v2/bot/richmenu/alias') {
      const body = parse() ?? {};
      const aliasId = body.richMenuAliasId;
      if (typeof aliasId !== 'string' || !ALIAS_ID.test(aliasId))
        return refuse(400, 'The request body has 1 error(s)', [
          { message: 'invalid alias id', property: 'richMenuAliasId' },
        ]);
      const menu = menuOf(body.richMenuId as string | undefined);
      if (!menu) return refuse(400, 'richmenu not found');
      if (!menu.image) return refuse(400, 'must upload richmenu image before applying it to user');
      const refusal = planned('alias');
      if (refusal) return refuse(refusal.status, refusal.message ?? 'error');
      if (aliases.has(aliasId)) return refuse(400, 'conflict richmenu alias id');
      aliases.set(aliasId, menu.richMenuId);
      return answer(200);
    }
    if ((m = /^\/v2\/bot\/richmenu\/alias\/([^/]+)$/.exec(path))) {
      const aliasId = m[1]!;
      const current = aliases.get(aliasId);
      if (!current) return refuse(400, 'richmenu alias not found');
      if (method === 'GET') return answer(200, { richMenuAliasId: aliasId, richMenuId: current });
      if (method === 'DELETE') {
        aliases.delete(aliasId);
        return answer(200);
      }
      if (method !== 'POST') return refuse(405, 'Method not allowed');
      const menu = menuOf((parse() ?? {}).richMenuId as string | undefined);
      if (!menu) return refuse(400, 'richmenu not found');
      if (!menu.image) return refuse(400, 'must upload richmenu image before applying it to user');
      aliases.set(aliasId, menu.richMenuId);
      return answer(200);
    }
    return refuse(404, 'Not found');
  }

  return { richMenu, handle };
}

/** LINE's checks of a batch request's shape. */
function batchErrors(operations: unknown, key: unknown) {
  const errors: { message: string; property: string }[] = [];
  if (!Array.isArray(operations) || operations.length < 1 || operations.length > 1000)
    errors.push({ message: 'size must be between 1 and 1000', property: 'operations' });
  else
    operations.forEach((op: { type?: unknown; from?: unknown; to?: unknown }, i) => {
      const ok =
        (op?.type === 'link' && typeof op.from === 'string' && typeof op.to === 'string') ||
        (op?.type === 'unlink' && typeof op.from === 'string') ||
        op?.type === 'unlinkAll';
      if (!ok) errors.push({ message: 'invalid operation', property: `operations[${i}]` });
    });
  if (key !== undefined && (typeof key !== 'string' || !RESUME_KEY.test(key)))
    errors.push({ message: 'invalid resumeRequestKey', property: 'resumeRequestKey' });
  return errors;
}

const publicMenu = (menu: FakeRichMenu) => ({
  richMenuId: menu.richMenuId,
  size: menu.size,
  selected: menu.selected,
  name: menu.name,
  chatBarText: menu.chatBarText,
  areas: menu.areas,
});
