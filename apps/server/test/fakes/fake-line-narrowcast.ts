import type http from 'node:http';
import { randomUUID } from 'node:crypto';

/** LINE's narrowcast progress (messaging-api.yml's NarrowcastProgressResponse). */
export interface FakeNarrowcastProgress {
  phase: 'waiting' | 'sending' | 'succeeded' | 'failed';
  successCount?: number;
  failureCount?: number;
  targetCount?: number;
  failedDescription?: string;
  errorCode?: number;
}

/**
 * The narrowcast part of the fake LINE (issue 24, decision 0227), kept apart from the rest:
 * `POST /v2/bot/message/narrowcast` (202 with `x-line-request-id`; a retry key it already took is
 * 409 with `x-line-accepted-request-id`, as LINE answers) and `GET
 * /v2/bot/message/progress/narrowcast?requestId=` moving waiting → sending → the outcome, one
 * step per call.
 */
export interface FakeLineNarrowcast {
  /** Every narrowcast request received, with the status answered (0: hung). */
  requests: {
    channelId: string;
    retryKey: string | undefined;
    body: Record<string, unknown>;
    status: number;
    requestId: string;
  }[];
  /** Progress calls received (request ids), in order. */
  progressCalls: string[];
  /**
   * How the nth narrowcast answers (0-based): `hang` takes it but never answers; `refuse` answers
   * that status with LINE's error body, taking nothing.
   */
  setBehaviour(behaviour: (call: number) => NarrowcastBehaviour): void;
  /** The final progress of the narrowcasts accepted from now on (default: 3 succeeded). */
  setOutcome(outcome: FakeNarrowcastProgress): void;
  close(): void;
}

type NarrowcastBehaviour = { hang?: boolean; refuse?: { status: number; message: string } };

export function createFakeLineNarrowcast() {
  const accepted = new Map<string, string>();
  const progress = new Map<string, { polls: number; outcome: FakeNarrowcastProgress }>();
  const hanging = new Set<http.ServerResponse>();
  let behaviour: (call: number) => NarrowcastBehaviour = () => ({});
  let calls = 0;
  let outcome: FakeNarrowcastProgress = {
    phase: 'succeeded',
    successCount: 3,
    failureCount: 0,
    targetCount: 3,
  };
  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body));

  const narrowcast: FakeLineNarrowcast = {
    requests: [],
    progressCalls: [],
    setBehaviour(next) {
      behaviour = next;
      calls = 0;
    },
    setOutcome(next) {
      outcome = next;
    },
    close() {
      for (const res of hanging) res.destroy();
    },
  };

  /** Answers the narrowcast calls of a known channel; false when the call is not one of them. */
  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    raw: Buffer,
    channelId: string,
  ): boolean {
    const url = new URL(req.url ?? '', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v2/bot/message/narrowcast') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      const retryKey = req.headers['x-line-retry-key'] as string | undefined;
      if (!Array.isArray(body.messages) || body.messages.length === 0) {
        json(res, 400, { message: 'The request body has 1 error(s)' });
        return true;
      }
      const planned = behaviour(calls);
      calls += 1;
      if (planned.refuse) {
        const { status, message } = planned.refuse;
        narrowcast.requests.push({ channelId, retryKey, body, status, requestId: '' });
        json(res, status, { message });
        return true;
      }
      const taken = retryKey ? accepted.get(retryKey) : undefined;
      if (taken) {
        narrowcast.requests.push({ channelId, retryKey, body, status: 409, requestId: taken });
        json(
          res,
          409,
          { message: 'The retry key is already accepted' },
          { 'x-line-accepted-request-id': taken },
        );
        return true;
      }
      const requestId = randomUUID();
      if (retryKey) accepted.set(retryKey, requestId);
      progress.set(requestId, { polls: 0, outcome });
      const status = planned.hang ? 0 : 202;
      narrowcast.requests.push({ channelId, retryKey, body, status, requestId });
      if (planned.hang) hanging.add(res);
      else json(res, 202, {}, { 'x-line-request-id': requestId });
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v2/bot/message/progress/narrowcast') {
      const requestId = url.searchParams.get('requestId') ?? '';
      narrowcast.progressCalls.push(requestId);
      const found = progress.get(requestId);
      if (!found) {
        json(res, 404, { message: 'Not found' });
        return true;
      }
      found.polls += 1;
      const acceptedTime = new Date().toISOString();
      if (found.polls === 1) json(res, 200, { phase: 'waiting', acceptedTime });
      else if (found.polls === 2)
        json(res, 200, { phase: 'sending', acceptedTime, successCount: 0, failureCount: 0 });
      else json(res, 200, { ...found.outcome, acceptedTime, completedTime: acceptedTime });
      return true;
    }
    return false;
  }

  return { narrowcast, handle };
}
