import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat completions request the fake received (OpenAI's `POST /chat/completions`). */
export interface FakeModelRequest {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content?: unknown; tool_calls?: unknown[] }[];
    tools?: { type: string; function: { name: string } }[];
  };
}

/** What the fake model says next: text, or tool calls (`arguments` as an object). */
export type FakeModelTurn =
  { text: string } | { toolCalls: { name: string; arguments: Record<string, unknown> }[] };

/** Scripts the fake: given the request (with earlier tool results in `messages`), the next turn. */
export type FakeModelScript = (request: FakeModelRequest) => FakeModelTurn;

export interface FakeModel {
  /** The base URL to configure as an OpenAI-compatible endpoint (…/v1). */
  url: string;
  requests: FakeModelRequest[];
  script: FakeModelScript;
  close(): Promise<void>;
}

/**
 * A language model on loopback speaking the OpenAI-compatible chat completions API, tool calls
 * included (issue 31): the AI module talks to it exactly as to a real provider. Usage is 1,000
 * input and 200 output tokens per answer.
 */
export async function startFakeModel(): Promise<FakeModel> {
  const fake: FakeModel = {
    url: '',
    requests: [],
    script: () => ({ text: 'OK' }),
    close: async () => {},
  };
  let serial = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const request: FakeModelRequest = {
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeModelRequest['body'],
      };
      fake.requests.push(request);
      const turn = fake.script(request);
      serial += 1;
      const message =
        'text' in turn
          ? { role: 'assistant', content: turn.text }
          : {
              role: 'assistant',
              content: null,
              tool_calls: turn.toolCalls.map((call, index) => ({
                id: `call_${serial}_${index}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${serial}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.body.model,
          choices: [{ index: 0, message, finish_reason: 'text' in turn ? 'stop' : 'tool_calls' }],
          usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** The tool results the model was given so far, by tool name (parsed JSON). */
export function toolResultsIn(request: FakeModelRequest): unknown[] {
  return request.body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(String(message.content)) as unknown);
}
