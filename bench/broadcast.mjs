// `npm run bench`: a template sent to a segment of 100,000 friends, on PostgreSQL (issue 14:
// "100,000 friends through multicast and through push, messages/s and the ratio to the
// configured rate"). A throwaway cluster, the built server (demo seed, LINE_PUSH_SENDER=line,
// its push dispatcher in the process at TEL_RATE_LIMIT requests/s per channel), the fake LINE
// (apps/server/test/fakes/fake-line.ts, through tsx) as the demo account's channel. The friends
// are inserted in SQL and tagged; a saved segment finds them. Side by side in the same run:
//   - the same text without aliases: multicasts of 500 (`POST /v2/bot/message/multicast`);
//   - the same text with a friend-information alias: one push per friend, rendered when sent.
// Printed per path: how long the broadcast call took to queue, requests and messages delivered
// at the fake LINE, seconds until the last was sent, messages/s, requests/s and requests/s as a
// share of the configured rate. It prints figures and asserts nothing (docs/performance.md).
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';
import { signIn } from './lib.mjs';

const FRIENDS = Number(process.env.BROADCAST_BENCH_FRIENDS ?? 100_000);
const RATE = Number(process.env.BROADCAST_BENCH_RATE ?? 2000);
const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await startTempPostgres();
const channel = fakeChannel(1);
const line = await startFakeLine({ channels: [channel] });
const server = await startBuiltServer({
  password: PASSWORD,
  env: {
    DATABASE_URL: database.url,
    SECRETS_KEY,
    LINE_API_BASE: line.url,
    LINE_PUSH_SENDER: 'line',
    TEL_RATE_LIMIT: String(RATE),
    LOG_LEVEL: 'warn',
  },
});
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();

try {
  const cookie = await signIn(server.url, PASSWORD);
  async function call(method, path, body) {
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
    return text ? JSON.parse(text) : undefined;
  }

  await call('PUT', '/api/line/channel', {
    channel_id: channel.channelId,
    channel_secret: channel.secret,
    channel_access_token: channel.token,
  });
  const tag = await call('POST', '/api/line/tags', { name: 'ベンチ一斉送信', group_id: null });
  const nickname = await call('POST', '/api/var/items', {
    name: 'ベンチ呼び名',
    type: 'text',
    group_id: null,
  });
  const {
    rows: [{ account_id: accountId }],
  } = await sql.query(`select account_id from operators where login_id = 'demo'`);
  await sql.query(
    `insert into members (account_id, display_name, line_user_id, followed_at)
     select $1, 'ベンチ友だち' || g, 'Uc' || lpad(to_hex(g), 31, '0'), now()
     from generate_series(1, $2::int) g`,
    [accountId, FRIENDS],
  );
  await sql.query(
    `insert into member_tags (member_id, tag_id)
     select id, $1 from members where line_user_id like 'Uc%'`,
    [tag.id],
  );
  await sql.query(
    `insert into member_var_values (member_id, var_id, text_value)
     select id, $1, 'さん' || id from members where line_user_id like 'Uc%'`,
    [nickname.id],
  );
  await sql.query('analyze');
  const segment = await call('POST', '/api/journey/member_queries', {
    name: 'ベンチの友だち',
    match: 'all',
    conditions: [{ kind: 'tags', match: 'any', tag_ids: [tag.id] }],
  });

  async function broadcast(label, text) {
    const template = await call('POST', '/api/templates', {
      name: label,
      group_id: null,
      messages: [{ type: 'text', text }],
    });
    const requestsBefore = line.requests.length;
    const started = performance.now();
    const queued = await call('POST', `/api/templates/${template.id}/broadcast`, {
      member_query_id: segment.id,
    });
    const queuedSeconds = (performance.now() - started) / 1000;
    const deadline = performance.now() + 600_000;
    let open = queued.requests;
    while (open > 0 && performance.now() < deadline) {
      await wait(200);
      const { rows } = await sql.query(
        `select count(*)::int as open from line_pushes where state in ('queued', 'sending')`,
      );
      open = rows[0].open;
    }
    const seconds = (performance.now() - started) / 1000;
    const delivered = line.requests.slice(requestsBefore).filter((r) => r.status === 200);
    const messages = delivered.reduce(
      (sum, r) => sum + (Array.isArray(r.body.to) ? r.body.to.length : 1),
      0,
    );
    return {
      path: label,
      friends: queued.friends,
      'queue call (s)': Number(queuedSeconds.toFixed(2)),
      'LINE requests': delivered.length,
      'messages delivered': messages,
      'all sent after (s)': Number(seconds.toFixed(1)),
      'messages/s': Math.round(messages / seconds),
      'requests/s': Math.round(delivered.length / seconds),
      'share of rate': `${((delivered.length / seconds / RATE) * 100).toFixed(0)}%`,
      unsent: open,
    };
  }

  console.log(
    `\nTemplate broadcast to a segment of ${FRIENDS.toLocaleString()} friends, ` +
      `configured rate ${RATE.toLocaleString()} requests/s per channel (PostgreSQL, fake LINE)`,
  );
  const rows = [
    await broadcast('multicast (no aliases)', '臨時休業のお知らせです'),
    await broadcast(
      'push per friend (alias rendered)',
      `{{var:${nickname.id}}}、今月のおすすめです`,
    ),
  ];
  console.table(rows);
} finally {
  await sql.end();
  await server.stop();
  await line.close();
  database.stop();
}
