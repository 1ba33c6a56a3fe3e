import pg from 'pg';

type OnPayload = (payload: string) => void;

/**
 * LISTEN for every channel of a process over ONE dedicated connection (a pooled one cannot
 * listen: it is handed to other queries). Each PostgreSQL connection is a process of several
 * MB, so one per channel would cost the embedded default its memory budget (decision 0205).
 * After a connection error it reconnects (every second) and listens to every channel again.
 */
export function createSharedListener(connectionString: string) {
  const handlers = new Map<string, Set<OnPayload>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  // One statement at a time on the connection (pg deprecates overlapping queries on a client).
  let queue: Promise<unknown> = Promise.resolve();
  const send = (target: pg.Client, text: string) => {
    const result = queue.then(() => target.query(text));
    queue = result.catch(() => {});
    return result;
  };
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.payload === undefined) return;
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
      });
      next.on('error', () => {
        next.end().catch(() => {});
        if (client === next) client = undefined;
        connecting = undefined;
        if (!closed && handlers.size > 0) {
          retry = setTimeout(() => void connect().catch(() => {}), 1000);
        }
      });
      try {
        await next.connect();
        for (const channel of handlers.keys()) await send(next, `LISTEN ${quote(channel)}`);
      } catch (error) {
        connecting = undefined;
        await next.end().catch(() => {});
        throw error;
      }
      client = next;
      return next;
    })();
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
      const existing = handlers.get(channel);
      if (existing) existing.add(onPayload);
      else handlers.set(channel, new Set([onPayload]));
      const connected = client ?? (await connect());
      if (!existing) await send(connected, `LISTEN ${quote(channel)}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(onPayload);
        if (set && set.size === 0) {
          handlers.delete(channel);
          if (client) await send(client, `UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
