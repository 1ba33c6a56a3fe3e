import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as LINE would see it. */
export interface FakeLineRequest {
  at: number;
  authorization: string | undefined;
  deliveryTag: string | undefined;
  body: { to: string; messages: unknown[] };
  status: number;
}

/** How the fake answers the nth call (0-based, counted from the last setBehaviour); default 200. */
export type FakeLineBehaviour = (
  call: number,
  request: FakeLineRequest,
) => {
  status: number;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Never answer (the client times out). */
  hang?: boolean;
  /** Close the connection without an answer, after the request arrived. */
  drop?: boolean;
  headers?: Record<string, string>;
};

export interface FakeLine {
  url: string;
  requests: FakeLineRequest[];
  setBehaviour(behaviour: FakeLineBehaviour): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

const MESSAGES: Record<number, string> = {
  400: 'The request body has 1 error(s)',
  401: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  403: 'Not authorized to use this API',
  422: 'Failed to send messages',
  429: 'The API rate limit has been exceeded. Try again later.',
  500: 'Internal server error',
};

/**
 * A LINE Messaging API stand-in for tests and benchmarks: a real HTTP server on 127.0.0.1:0
 * answering `POST /bot/pnp/push` like LINE (JSON `{message}` bodies, 401 for a wrong bearer
 * token), with configurable status codes, latency and hangs, recording every request.
 */
export async function startFakeLine(options: { token: string }): Promise<FakeLine> {
  const requests: FakeLineRequest[] = [];
  let behaviour: FakeLineBehaviour = () => ({ status: 200 });
  let latency = 0;
  let calls = 0;
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      if (req.method !== 'POST' || req.url !== '/bot/pnp/push') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      let body: FakeLineRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad json"}');
        return;
      }
      const request: FakeLineRequest = {
        at,
        authorization: req.headers.authorization,
        deliveryTag: req.headers['x-line-delivery-tag'] as string | undefined,
        body,
        status: 0,
      };
      const planned =
        req.headers.authorization === `Bearer ${options.token}`
          ? behaviour(calls, request)
          : { status: 401 };
      calls += 1;
      request.status = planned.hang || planned.drop ? 0 : planned.status;
      requests.push(request);
      if (planned.hang) {
        hanging.add(res);
        return;
      }
      if (planned.drop) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        const ok = planned.status === 200;
        res.writeHead(planned.status, {
          'content-type': 'application/json',
          'x-line-request-id': `req-${calls}`,
          ...planned.headers,
        });
        res.end(ok ? '{}' : JSON.stringify({ message: MESSAGES[planned.status] ?? 'error' }));
      };
      const delay = (planned.delayMs ?? 0) + latency;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setBehaviour(next) {
      behaviour = next;
      calls = 0;
    },
    setLatency(ms) {
      latency = ms;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
