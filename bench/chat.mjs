// `npm run bench`: the chat (issue 24) on PostgreSQL. A throwaway cluster, the built server with
// the demo seed and the fake LINE (apps/server/test/fakes/fake-line.ts, through tsx) as the demo
// account's channel.
// 1. The inbox: CHAT_BENCH_FRIENDS (default 100,000) friends, each with a thread, and
//    CHAT_BENCH_MESSAGES (default 2,000,000) messages written straight into the database; one
//    request at a time, CHAT_BENCH_REQUESTS (default 40) of each after 5 warm-ups, median and p95
//    of the first page, page 2 (by cursor), unread only, a state filter, a name search and a
//    text search (goal: first page and search ≤ 100 ms median).
// 2. Live: the account's open event stream (`GET /api/line/events`, its `kind: 'chat'` events,
//    decision 0236) while CHAT_BENCH_RATE (default 200) message events a second arrive through
//    the signed webhook for CHAT_BENCH_SECONDS (default 10) seconds; for each message, the time
//    from sending its webhook call to its event on the stream (goal: within 1 s).
// It prints figures and asserts nothing (docs/performance.md records them).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';
import { signIn } from './lib.mjs';

const FRIENDS = Number(process.env.CHAT_BENCH_FRIENDS ?? 100_000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 2_000_000);
const REQUESTS = Number(process.env.CHAT_BENCH_REQUESTS ?? 40);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 10);
const WARMUP = 5;
const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select account_id from operators where login_id = 'demo'`);
    const accountId = rows[0].account_id;
    const started = performance.now();
    const { rows: first } = await client.query(
      `insert into members (account_id, display_name, line_user_id, follow_state, followed_at)
       select $1,
              (array['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤'])[1 + g % 10]
                || ' ' ||
              (array['花子','太郎','美咲','翔太','陽菜','大輝','結衣','蓮','さくら','健太','葵','悠真'])[1 + (g / 10) % 12]
                || g,
              'Uc' || lpad(to_hex(g), 31, '0'), 'following', now() - (g % 1000) * interval '9 hours'
       from generate_series(1, $2::int) g
       returning id`,
      [accountId, FRIENDS],
    );
    const low = Math.min(...first.map((row) => row.id));
    const perFriend = Math.max(1, Math.floor(MESSAGES / FRIENDS));
    // A bulk load builds the text index once, after the rows (as a restore would).
    await client.query('drop index chat_messages_text_bigrams');
    // Messages: per friend, alternately theirs and the shop's, one minute apart, the newest
    // (g % 5000) minutes ago; one text in 50 mentions 色落ち, one in 40 'color'.
    await client.query(
      `insert into chat_messages (account_id, member_id, direction, kind, line_message_id, text,
                                  payload, sender, sent_at, via, delivery_state)
       select $1, $2::int + f - 1, case when k % 2 = 0 then 'in' else 'out' end, 'text',
              case when k % 2 = 0 then 'b' || f || '-' || k end,
              (array['予約の変更をお願いします','ありがとうございました','駐車場はありますか',
                     '明日は空いていますか','カットとカラーでお願いします'])[1 + (f + k) % 5]
                || case when (f + k) % 50 = 0 then '（色落ちが気になります）' else '' end
                || case when (f + k) % 40 = 0 then ' color' else '' end || ' #' || k,
              '{"type":"text"}'::jsonb, case when k % 2 = 0 then 'friend' else 'operator' end,
              now() - ((f % 5000) + ($3::int - k)) * interval '1 minute',
              case when k % 2 = 1 then 'reply' end, case when k % 2 = 1 then 'sent' end
       from generate_series(1, $4::int) f, generate_series(1, $3::int) k`,
      [accountId, low, perFriend, FRIENDS],
    );
    await client.query(
      `create index chat_messages_text_bigrams on chat_messages using gin (chat_bigrams(text))
       where text is not null`,
    );
    await client.query(
      `insert into chat_threads (member_id, account_id, state, unread_count, last_message_at,
                                 last_message_preview, last_message_kind, last_message_direction,
                                 last_incoming_at)
       select $2::int + f - 1, $1, (array['unhandled','in_progress','resolved'])[1 + f % 3],
              case when f % 20 = 0 then 1 + f % 4 else 0 end,
              now() - (f % 5000) * interval '1 minute', '予約の変更をお願いします', 'text', 'in',
              now() - (f % 5000) * interval '1 minute'
       from generate_series(1, $3::int) f`,
      [accountId, low, FRIENDS],
    );
    await client.query('analyze members; analyze chat_messages; analyze chat_threads');
    return { ms: Math.round(performance.now() - started), messages: perFriend * FRIENDS };
  } finally {
    await client.end();
  }
}

async function time(url, path, cookie) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return { ms: performance.now() - started, body };
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { 'median (ms)': Number(at(0.5).toFixed(1)), 'p95 (ms)': Number(at(0.95).toFixed(1)) };
}

/** Opens the account's event stream; `onEvent` gets each event's data and its arrival time. */
function openStream(url, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/line/events`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) onEvent(JSON.parse(data), at);
          }
        });
        resolve(() => request.destroy());
      },
    );
    request.on('error', reject);
  });
}

function signedBody(channel, events) {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  const signature = createHmac('sha256', channel.secret).update(body).digest('base64');
  return { body, signature };
}

const database = await startTempPostgres();
const channel = fakeChannel(1);
const line = await startFakeLine({ channels: [channel] });
const server = await startBuiltServer({
  password: PASSWORD,
  env: {
    DATABASE_URL: database.url,
    SECRETS_KEY,
    LINE_API_BASE: line.url,
    LINE_DATA_API_BASE: line.url,
    LOG_LEVEL: 'warn',
  },
});
try {
  const owner = await signIn(server.url, PASSWORD);
  const connect = await fetch(`${server.url}/api/line/channel`, {
    method: 'PUT',
    headers: {
      cookie: owner,
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
  const seeded = await seed(database.url);
  console.log(
    `\nChat inbox: ${FRIENDS.toLocaleString()} threads, ${seeded.messages.toLocaleString()} messages in one account (PostgreSQL; written in ${(seeded.ms / 1000).toFixed(0)} s)`,
  );
  const cookie = await signIn(server.url, PASSWORD);
  const page1 = await time(server.url, '/api/line/chats', cookie);
  const targets = [
    ['first page (unread first, newest)', '/api/line/chats'],
    ['page 2 (cursor)', `/api/line/chats?cursor=${page1.body.next_cursor}`],
    ['unread only', '/api/line/chats?unread=true'],
    ['state 対応中', '/api/line/chats?state=in_progress'],
    ['search by name (花子)', `/api/line/chats?q=${encodeURIComponent('花子')}`],
    ['search by text (色落ち)', `/api/line/chats?q=${encodeURIComponent('色落ち')}`],
    ['search by text (color)', '/api/line/chats?q=color'],
    ['a thread (newest 50)', `/api/line/chats/${page1.body.entries[0].friend_id}/messages`],
  ];
  const rows = [];
  for (const [name, path] of targets) {
    for (let i = 0; i < WARMUP; i += 1) await time(server.url, path, cookie);
    const times = [];
    let found = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { ms, body } = await time(server.url, path, cookie);
      times.push(ms);
      found = (body.entries ?? body.messages).length;
    }
    rows.push({ request: name, ...summary(times), 'rows on page': found });
  }
  console.table(rows);

  // 2. Live: messages through the webhook at RATE/s, the stream's delay for each.
  const sentAt = new Map();
  const delays = [];
  const close = await openStream(server.url, cookie, (event, at) => {
    if (event.kind !== 'chat' || event.type !== 'message') return;
    const started = sentAt.get(event.friend_id);
    if (started !== undefined) {
      delays.push(at - started);
      sentAt.delete(event.friend_id);
    }
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: friendRows } = await client.query(
    `select id, line_user_id from members where line_user_id like 'Uc%' order by id limit $1`,
    [RATE * SECONDS],
  );
  await client.end();
  const total = friendRows.length;
  const startedAll = performance.now();
  let notOk = 0;
  const calls = [];
  for (let n = 0; n < total; n += 1) {
    const due = startedAll + (n * 1000) / RATE;
    const now = performance.now();
    if (due > now) await wait(due - now);
    const friend = friendRows[n];
    const { body, signature } = signedBody(channel, [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01BENCHCHAT${String(n).padStart(15, '0')}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: friend.line_user_id },
        replyToken: `reply-${n}`,
        message: { id: `live-${n}`, type: 'text', text: `ライブ ${n}`, quoteToken: `q${n}` },
      },
    ]);
    sentAt.set(friend.id, performance.now());
    calls.push(
      fetch(`${server.url}/api/line/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      }).then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) notOk += 1;
      }),
    );
  }
  await Promise.all(calls);
  const sentSeconds = (performance.now() - startedAll) / 1000;
  const deadline = performance.now() + 30_000;
  while (delays.length < total && performance.now() < deadline) await wait(100);
  close();
  const lag = new pg.Client({ connectionString: database.url });
  await lag.connect();
  const { rows: lagRows } = await lag.query(
    `select percentile_cont(array[0.5, 0.95]) within group
              (order by extract(epoch from created_at - sent_at) * 1000) as ms
     from chat_messages where line_message_id like 'live-%'`,
  );
  // Where the time goes: LINE's event time → the webhook call recorded it → the processor
  // handled it (committed with the message).
  const { rows: stepRows } = await lag.query(
    `select percentile_cont(array[0.5, 0.95]) within group
              (order by extract(epoch from received_at) * 1000 - (payload->>'timestamp')::bigint)
              as recorded,
            percentile_cont(array[0.5, 0.95]) within group
              (order by extract(epoch from processed_at - received_at) * 1000) as handled
     from line_webhook_events where webhook_event_id like '01BENCHCHAT%'`,
  );
  await lag.end();
  const stored = lagRows[0].ms.map((ms) => Math.round(ms));
  const steps = stepRows[0];
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(0));
  console.log(
    `\nLive: ${total.toLocaleString()} message events at ${RATE}/s (sent in ${sentSeconds.toFixed(1)} s, ${notOk} not 200); ` +
      `stream events received ${delays.length.toLocaleString()}; webhook call → event on the open stream: ` +
      `median ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, slowest ${at(1)} ms; ` +
      `within 1 s: ${sorted.filter((ms) => ms <= 1000).length.toLocaleString()} of ${total.toLocaleString()}; ` +
      `message stored after the event's time: median ${stored[0]} ms, p95 ${stored[1]} ms`,
  );
  console.log(
    `Where the time goes (median / p95): event's time → recorded by the webhook call ` +
      `${steps.recorded.map((ms) => Math.round(ms)).join(' / ')} ms; recorded → handled by the processor ` +
      `${steps.handled.map((ms) => Math.round(ms)).join(' / ')} ms`,
  );
} finally {
  await server.stop();
  await line.close();
  database.stop();
}
