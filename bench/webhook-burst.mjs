// `npm run bench`: a burst of 10,000 follow events through the LINE webhook, on PostgreSQL
// (issue 13: "a burst of 10,000 follow events is absorbed without losing one"). A throwaway
// cluster, the built server with the demo seed, the fake LINE (apps/server/test/fakes/fake-line.ts,
// through tsx) as the demo account's channel. LINE delivers webhooks in parallel and redelivers
// some, so the burst is WEBHOOK_BENCH_EVENTS follows, one per signed call, CONCURRENCY calls at a
// time, plus every tenth call sent a second time with the same webhookEventId. Side by side in
// the same run: the same number of LINE's verification calls (signed, no events) — the bare
// webhook route, everything but recording the event. The webhook answers once the events are
// recorded; they are handled just after (decision 0195). Printed:
//   - calls/s, median, p95, p99 and slowest answer, and calls not answered 200, for both, and
//     whether p99 stays under 1 s (issue 23);
//   - how long until every recorded event was handled (no event pending any more);
//   - friends in the account afterwards (must equal the events: none lost, none doubled);
//   - how long until every friend has a name from LINE's profile call (the profile reader runs
//     after the webhook, at most 1,000 profile calls/s per channel) and how many calls it made.
// It prints figures and asserts nothing (docs/performance.md records them).
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';
import { signIn } from './lib.mjs';

const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 10_000);
const CONCURRENCY = Number(process.env.WEBHOOK_BENCH_CONCURRENCY ?? 50);
const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const userId = (n) => `Ub${n.toString(16).padStart(31, '0')}`;

/** One webhook body as LINE signs it: base64 HMAC-SHA256 of the exact bytes with the secret. */
function signedBody(channel, events) {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  const signature = createHmac('sha256', channel.secret).update(body).digest('base64');
  return { body, signature };
}

function followEvent(n) {
  return {
    type: 'follow',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: `01BENCH${String(n).padStart(19, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: userId(n) },
    replyToken: `reply-${n}`,
    follow: { isUnblocked: false },
  };
}

/** Sends every body, CONCURRENCY at a time; answers' times and statuses. */
async function deliver(url, bodies) {
  const times = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  async function lane() {
    while (next < bodies.length) {
      const { body, signature } = bodies[next++];
      const t0 = performance.now();
      const response = await fetch(`${url}/api/line/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
      await response.arrayBuffer();
      times.push(performance.now() - t0);
      if (response.status !== 200) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q) =>
    Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1));
  return {
    calls: bodies.length,
    'calls/s': Math.round(bodies.length / seconds),
    'median (ms)': at(0.5),
    'p95 (ms)': at(0.95),
    'p99 (ms)': at(0.99),
    'slowest (ms)': Number(times[times.length - 1].toFixed(1)),
    'not 200': failed,
    seconds: Number(seconds.toFixed(2)),
  };
}

/** Waits until no recorded webhook event is pending; answers when that was (ms since `since`). */
async function handledAfter(databaseUrl, since) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + 300_000;
    for (;;) {
      const { rows } = await client.query(
        'select count(*)::int as n from line_webhook_events where pending',
      );
      if (rows[0].n === 0 || performance.now() > deadline)
        return { pending: rows[0].n, ms: performance.now() - since };
      await wait(100);
    }
  } finally {
    await client.end();
  }
}

async function friendCounts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as friends,
              count(*) filter (where m.display_name <> '')::int as named,
              count(distinct m.line_user_id)::int as distinct_users
       from members m join operators o on o.account_id = m.account_id and o.login_id = 'demo'
       where m.line_user_id like 'Ub%'`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

const database = await startTempPostgres();
const channel = fakeChannel(1);
const line = await startFakeLine({ channels: [channel] });
const server = await startBuiltServer({
  password: PASSWORD,
  env: { DATABASE_URL: database.url, SECRETS_KEY, LINE_API_BASE: line.url, LOG_LEVEL: 'warn' },
});
try {
  const cookie = await signIn(server.url, PASSWORD);
  const connect = await fetch(`${server.url}/api/line/channel`, {
    method: 'PUT',
    headers: {
      cookie,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({
      channel_id: channel.channelId,
      channel_secret: channel.secret,
      channel_access_token: channel.token,
    }),
  });
  if (!connect.ok)
    throw new Error(`connecting the channel: ${connect.status} ${await connect.text()}`);

  console.log(
    `\nLINE webhook burst: ${EVENTS.toLocaleString()} follow events, ${CONCURRENCY} calls at a time, ` +
      `every tenth redelivered (PostgreSQL)`,
  );
  const verification = Array.from({ length: EVENTS }, () => signedBody(channel, []));
  const bare = await deliver(server.url, verification);

  const follows = [];
  for (let n = 1; n <= EVENTS; n += 1) {
    const call = signedBody(channel, [followEvent(n)]);
    follows.push(call);
    if (n % 10 === 0) follows.push(call);
  }
  const profileCallsBefore = line.profileCalls.length;
  const burstStarted = performance.now();
  const burst = await deliver(server.url, follows);
  console.table([
    { route: 'verification call (no events, the bare route)', ...bare },
    { route: 'follow events (+10% redelivered)', ...burst },
  ]);

  const handled = await handledAfter(database.url, burstStarted);
  console.log(
    `p99 under 1 s at ${CONCURRENCY} calls at a time: ${burst['p99 (ms)'] < 1000 ? 'yes' : 'no'} ` +
      `(${burst['p99 (ms)']} ms); every event handled ${(handled.ms / 1000).toFixed(1)} s after ` +
      `the burst began (${burst.seconds.toFixed(1)} s of calls)` +
      (handled.pending > 0 ? `, ${handled.pending} still pending at the 300 s limit` : ''),
  );
  let counts = await friendCounts(database.url);
  const deadline = performance.now() + 120_000;
  while (counts.named < counts.friends && performance.now() < deadline) {
    await wait(250);
    counts = await friendCounts(database.url);
  }
  const named = (performance.now() - burstStarted) / 1000;
  console.log(
    `friends afterwards: ${counts.friends.toLocaleString()} (distinct users ${counts.distinct_users.toLocaleString()}, ` +
      `events sent ${EVENTS.toLocaleString()}); named from LINE: ${counts.named.toLocaleString()} ` +
      `${counts.named === counts.friends ? `, all of them ${named.toFixed(1)} s after the burst began` : 'before the 120 s limit'}; ` +
      `profile calls: ${(line.profileCalls.length - profileCallsBefore).toLocaleString()}`,
  );
} finally {
  await server.stop();
  await line.close();
  database.stop();
}
