// `npm run bench` (issue 24): an お知らせ to a segment of 100,000 friends, on PostgreSQL — "a
// broadcast to 100,000 friends of a segment queued in ≤ 2 s". A throwaway cluster, the built
// server (demo seed, LINE_PUSH_SENDER=line, its dispatcher in the process), the fake LINE as the
// demo account's channel. The friends are inserted in SQL and tagged; a saved segment finds
// them. Per path (multicasts of 500 without aliases; one push per friend with an alias):
// the live estimate's time, the send call's time (quota read, count, every push row queued in
// one transaction), and for the multicast the seconds until LINE had them all; then the list's
// time with those rows. It prints figures and asserts nothing (docs/performance.md).
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';
import { signIn } from './lib.mjs';

const FRIENDS = Number(process.env.NOTIFICATION_BENCH_FRIENDS ?? 100_000);
const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await startTempPostgres();
const channel = fakeChannel(1);
const line = await startFakeLine({ channels: [channel] });
line.setQuota(channel.channelId, { limit: null });
const server = await startBuiltServer({
  password: PASSWORD,
  env: {
    DATABASE_URL: database.url,
    SECRETS_KEY,
    LINE_API_BASE: line.url,
    LINE_PUSH_SENDER: 'line',
    LOG_LEVEL: 'warn',
  },
});
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();

try {
  const cookie = await signIn(server.url, PASSWORD);
  async function call(method, path, body) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    const seconds = (performance.now() - started) / 1000;
    return { body: text ? JSON.parse(text) : undefined, seconds };
  }

  await call('PUT', '/api/line/channel', {
    channel_id: channel.channelId,
    channel_secret: channel.secret,
    channel_access_token: channel.token,
  });
  const tag = (await call('POST', '/api/line/tags', { name: 'ベンチお知らせ', group_id: null }))
    .body;
  const nickname = (
    await call('POST', '/api/var/items', { name: 'ベンチ呼び名', type: 'text', group_id: null })
  ).body;
  const {
    rows: [{ account_id: accountId }],
  } = await sql.query(`select account_id from operators where login_id = 'demo'`);
  await sql.query(
    `insert into members (account_id, display_name, line_user_id, followed_at)
     select $1, 'ベンチ友だち' || g, 'Un' || lpad(to_hex(g), 31, '0'), now()
     from generate_series(1, $2::int) g`,
    [accountId, FRIENDS],
  );
  await sql.query(
    `insert into member_tags (member_id, tag_id)
     select id, $1 from members where line_user_id like 'Un%'`,
    [tag.id],
  );
  await sql.query(
    `insert into member_var_values (member_id, var_id, text_value)
     select id, $1, 'さん' || id from members where line_user_id like 'Un%'`,
    [nickname.id],
  );
  await sql.query('analyze');
  const segment = (
    await call('POST', '/api/journey/member_queries', {
      name: 'ベンチの友だち',
      match: 'all',
      conditions: [{ kind: 'tags', match: 'any', tag_ids: [tag.id] }],
    })
  ).body;
  const audience = { kind: 'segment', member_query_id: segment.id };

  async function notify(label, text, waitForDelivery) {
    const content = { messages: [{ type: 'text', text }] };
    const estimate = await call('POST', '/api/line/notifications/estimate', { content, audience });
    const draft = await call('POST', '/api/line/notifications', {
      title: label,
      content,
      audience,
    });
    const before = line.requests.length;
    const started = performance.now();
    const sent = await call('POST', `/api/line/notifications/${draft.body.id}/send`, {});
    let delivered = null;
    if (waitForDelivery) {
      const deadline = performance.now() + 300_000;
      let open = 1;
      while (open > 0 && performance.now() < deadline) {
        await wait(200);
        const { rows } = await sql.query(
          `select count(*)::int as open from line_pushes
           where notification_id = $1 and state in ('queued', 'sending')`,
          [draft.body.id],
        );
        open = rows[0].open;
      }
      delivered = (performance.now() - started) / 1000;
    }
    const reached = line.requests
      .slice(before)
      .filter((r) => r.status === 200)
      .reduce((sum, r) => sum + (Array.isArray(r.body.to) ? r.body.to.length : 1), 0);
    return {
      path: label,
      friends: sent.body.friends,
      'estimate call (s)': Number(estimate.seconds.toFixed(2)),
      'send call: queued (s)': Number(sent.seconds.toFixed(2)),
      'LINE requests queued': estimate.body.requests,
      'all at LINE after (s)': delivered === null ? '—' : Number(delivered.toFixed(1)),
      'friends reached so far': reached,
    };
  }

  console.log(
    `\nお知らせ to a segment of ${FRIENDS.toLocaleString()} friends (PostgreSQL, fake LINE, built server)`,
  );
  const rows = [
    await notify('multicast (no aliases)', '臨時休業のお知らせです', true),
    await notify('push per friend (alias)', `{{var:${nickname.id}}}、今月のおすすめです`, false),
  ];
  console.table(rows);
  const list = await call('GET', '/api/line/notifications');
  console.log(
    `list of お知らせ with their counts (${list.body.items.length} items, ${(2 * FRIENDS).toLocaleString()} friends' pushes): ${(list.seconds * 1000).toFixed(0)} ms`,
  );
} finally {
  await sql.end();
  await server.stop();
  await line.close();
  await database.stop();
}
