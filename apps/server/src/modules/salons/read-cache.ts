import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Server-side cache of the large salon reads (reservations of a week, shifts of a month):
 * decision 0031. An entry holds the serialized answer (and its gzip / brotli forms, made on
 * first demand) under the salon's data version it was built from. Every request reads the
 * current version first — with the salon itself, in the salon scope's query — and is answered
 * from the entry only when the versions are equal; database triggers give a salon a new version in every transaction that
 * writes what these answers are made of, so no process ever serves stale data. Memory is
 * bounded by an LRU on bytes.
 */

export type ContentCoding = 'br' | 'gzip' | 'identity';

interface Entry {
  version: number;
  json: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
  bytes: number;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Brotli quality 5 and gzip level 6: a few ms for a 1 MB answer, once per version. */
function compress(coding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 6 });
}

/**
 * The coding to answer with: brotli, else gzip, else none — each only when the client's
 * Accept-Encoding names it (or `*`) without `q=0`.
 */
export function negotiateCoding(header: string | string[] | undefined): ContentCoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this (weak) entity tag, or is `*`. */
function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/**
 * The cache key of a read: its name and the normalized query (keys sorted, lists sorted —
 * neither order changes the answer).
 */
export function cacheKeyOf(name: string, query: object): string {
  const normalized = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([field, value]) => [
      field,
      Array.isArray(value) ? [...(value as number[])].sort((a, b) => a - b) : value,
    ]);
  return `${name}:${JSON.stringify(normalized)}`;
}

export interface SalonReadCacheOptions {
  /** Upper bound of the bytes held (serialized and compressed bodies together). */
  maxBytes: number;
}

export function createSalonReadCache(options: SalonReadCacheOptions) {
  const { maxBytes } = options;
  /** Least recently used first (a Map keeps insertion order; a hit re-inserts). */
  const entries = new Map<string, Entry>();
  /** Builds under way, so concurrent misses of one key and version build once. */
  const building = new Map<string, Promise<Entry>>();
  let heldBytes = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  }

  function evict() {
    for (const key of entries.keys()) {
      if (heldBytes <= maxBytes) break;
      drop(key);
    }
  }

  function store(key: string, entry: Entry) {
    drop(key);
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    heldBytes += entry.bytes;
    evict();
  }

  async function entryFor(
    key: string,
    version: number,
    build: () => Promise<unknown>,
  ): Promise<Entry> {
    const cached = entries.get(key);
    if (cached && cached.version === version) {
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    const flightKey = `${key}\u0000${version}`;
    let flight = building.get(flightKey);
    if (!flight) {
      flight = (async () => {
        // Objects the services built themselves: plain JSON, no per-item schema pass.
        const json = Buffer.from(JSON.stringify(await build()));
        const entry: Entry = { version, json, encoded: {}, bytes: json.length };
        store(key, entry);
        return entry;
      })().finally(() => building.delete(flightKey));
      building.set(flightKey, flight);
    }
    return flight;
  }

  async function bodyOf(key: string, entry: Entry, coding: ContentCoding): Promise<Buffer> {
    if (coding === 'identity') return entry.json;
    let pending = entry.encoded[coding];
    if (!pending) {
      pending = compress(coding, entry.json);
      entry.encoded[coding] = pending;
      const body = await pending;
      // Counted while the entry is still the one held under its key.
      if (entries.get(key) === entry) {
        entry.bytes += body.length;
        heldBytes += body.length;
        evict();
      }
      return body;
    }
    return pending;
  }

  return {
    /**
     * Answers a cacheable GET of a salon: `salon.dataVersion` is its data version, read before
     * any of its data (the salon scope reads it with the salon), so an entry is never older than
     * the version it is kept under; `key` names the answer completely (route and normalized
     * query, defaults resolved); `build` makes it from the database.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      salon: { id: number; dataVersion: number },
      key: string,
      build: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      const fullKey = `${salon.id}:${key}`;
      const version = salon.dataVersion;
      const hash = createHash('sha256').update(fullKey).digest('base64url').slice(0, 16);
      const etag = `W/"${version}-${hash}"`;
      reply.header('cache-control', 'private, no-cache');
      reply.header('vary', 'accept-encoding');
      reply.header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const entry = await entryFor(fullKey, version, build);
      const coding = negotiateCoding(request.headers['accept-encoding']);
      const body = await bodyOf(fullKey, entry, coding);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (coding !== 'identity') reply.header('content-encoding', coding);
      return reply.send(body);
    },
  };
}

export type SalonReadCache = ReturnType<typeof createSalonReadCache>;
