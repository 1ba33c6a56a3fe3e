// `npm run bench`: the LINE friends list with 100,000 friends in one account, on PostgreSQL
// (issue 13: "100k friends must stay fast: list ≤ 100 ms"). A throwaway cluster
// (scripts/pg-temp.mjs), the built server with the demo seed, then 100,000 friends written
// straight into the demo account. One request at a time (a receptionist's click, not a load
// test), FRIENDS_BENCH_REQUESTS (default 40) of each after 5 warm-ups, median and p95 of:
//   GET /api/auth/me                         (the bare authenticated route, for comparison)
//   GET /api/line/friends                    (page 1, newest friends first, with the total)
//   GET /api/line/friends?page=1000          (the 50,000th friend onwards)
//   GET /api/line/friends?q=花子              (a name search over all of them)
//   GET /api/line/friends?state=blocked      (a state filter)
// It prints figures and asserts nothing (docs/performance.md records them).
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { signIn } from './lib.mjs';

const FRIENDS = Number(process.env.FRIENDS_BENCH_FRIENDS ?? 100_000);
const REQUESTS = Number(process.env.FRIENDS_BENCH_REQUESTS ?? 40);
const WARMUP = 5;
const PASSWORD = 'tsunagu-bench-password';

async function seedFriends(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select account_id from operators where login_id = 'demo'`);
    const accountId = rows[0].account_id;
    const started = performance.now();
    await client.query(
      `insert into members (account_id, display_name, line_user_id, follow_state, followed_at,
                            follow_changed_at, last_message_at)
       select $1,
              (array['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤'])[1 + g % 10]
                || ' ' ||
              (array['花子','太郎','美咲','翔太','陽菜','大輝','結衣','蓮','さくら','健太','葵','悠真'])[1 + (g / 10) % 12]
                || g,
              'Uf' || lpad(to_hex(g), 31, '0'),
              case when g % 25 = 0 then 'blocked' else 'following' end,
              now() - (g % 1000) * interval '9 hours',
              now() - (g % 1000) * interval '9 hours',
              case when g % 3 = 0 then null else now() - (g % 500) * interval '1 hour' end
       from generate_series(1, $2::int) g`,
      [accountId, FRIENDS],
    );
    await client.query('analyze members');
    return Math.round(performance.now() - started);
  } finally {
    await client.end();
  }
}

async function time(url, path, cookie) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: Number(at(0.5).toFixed(1)), p95: Number(at(0.95).toFixed(1)) };
}

const database = await startTempPostgres();
const server = await startBuiltServer({ password: PASSWORD, env: { DATABASE_URL: database.url } });
try {
  const seededMs = await seedFriends(database.url);
  console.log(
    `\nLINE friends list, ${FRIENDS.toLocaleString()} friends in one account (PostgreSQL; written in ${seededMs} ms)`,
  );
  const cookie = await signIn(server.url, PASSWORD);
  const targets = [
    ['bare GET /api/auth/me', '/api/auth/me'],
    ['page 1 (newest, with total)', '/api/line/friends'],
    ['page 1,000 (from the 50,000th)', '/api/line/friends?page=1000'],
    ['name search 花子', `/api/line/friends?q=${encodeURIComponent('花子')}`],
    ['state blocked', '/api/line/friends?state=blocked'],
  ];
  const rows = [];
  for (const [name, path] of targets) {
    for (let i = 0; i < WARMUP; i += 1) await time(server.url, path, cookie);
    const times = [];
    for (let i = 0; i < REQUESTS; i += 1) times.push(await time(server.url, path, cookie));
    const { median, p95 } = summary(times);
    rows.push({
      request: name,
      'median (ms)': median,
      'p95 (ms)': p95,
      goal: name.startsWith('bare') ? '' : '≤ 100 ms',
    });
  }
  console.table(rows);
} finally {
  await server.stop();
  database.stop();
}
