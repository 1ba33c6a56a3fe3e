import http from 'node:http';

export interface Stream {
  events: { id: string; data: Record<string, unknown> }[];
  /** Everything received: the events of an open stream, the JSON error of a refused one. */
  raw: string;
  status: number;
  /** True once the stream ended, from either side. */
  ended: boolean;
  waitFor(count: number): Promise<void>;
  /** Resolves when the server ends the stream; fails after 10 s. */
  waitForEnd(): Promise<void>;
  close(): void;
}

function until(done: () => boolean, failure: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(failure()), 10_000);
    const check = () => {
      if (done()) {
        clearTimeout(timer);
        resolve();
      } else setTimeout(check, 20);
    };
    check();
  });
}

/** Opens the SSE stream over a real socket and collects the events it sends. */
export function openStream(url: string, cookie: string, lastEventId?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const request = http.get(url, { headers }, (response) => {
      const stream: Stream = {
        events: [],
        raw: '',
        status: response.statusCode ?? 0,
        ended: false,
        close: () => request.destroy(),
        waitFor: (count) =>
          until(
            () => stream.events.length >= count,
            () => new Error(`only ${stream.events.length} events: ${stream.raw}`),
          ),
        waitForEnd: () =>
          until(
            () => stream.ended,
            () => new Error(`the stream is still open: ${stream.raw}`),
          ),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        stream.raw += chunk;
        const blocks = stream.raw.split('\n\n');
        stream.events = blocks
          .filter((block) => block.includes('data: '))
          .map((block) => {
            const id = /^id: (.*)$/m.exec(block)?.[1] ?? '';
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
            return { id, data };
          });
      });
      response.on('end', () => {
        stream.ended = true;
      });
      response.on('close', () => {
        stream.ended = true;
      });
      resolve(stream);
    });
    request.on('error', reject);
  });
}
