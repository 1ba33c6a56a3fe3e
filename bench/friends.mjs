// `npm run bench`: the LINE friends list with 100,000 friends in one account (issue 13: "100k
// friends must stay fast: list ≤ 100 ms"), on the embedded default and on a DATABASE_URL
// PostgreSQL, one after the other (bench/bench-database.mjs; `--db=` picks one). The built
// server with the demo seed, then 100,000 friends written
// straight into the demo account. One request at a time (a receptionist's click, not a load
// test), FRIENDS_BENCH_REQUESTS (default 40) of each after 5 warm-ups, median and p95 of:
//   GET /api/auth/me                         (the bare authenticated route, for comparison)
//   GET /api/line/friends                    (page 1, newest friends first, with the total)
//   GET /api/line/friends?page=1000          (the 50,000th friend onwards)
//   GET /api/line/friends?q=花子              (a name search over all of them)
//   GET /api/line/friends?state=blocked      (a state filter)
// and segments (member queries, decision 0145: "100k friends evaluate ≤ 200 ms"): tags on a
// fifth and a tenth of the friends, reservations for one in twenty in the demo salon, then
//   GET /api/journey/member_queries/{id}/members for five saved segments (page 1 with the total)
// and friend-information values (decisions 0158, 0159): a segment on a number and a text field,
// and the list filtered by one of them.
// It prints figures and asserts nothing (docs/performance.md records them).
import pg from 'pg';
import { selectedDatabases, startBenchServer } from './bench-database.mjs';
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

/**
 * Segment data over the friends just written: tag 'bench-a' on every 5th friend, 'bench-b' on
 * every 10th (so every 10th has both), a reservation in the demo's first salon for every 20th
 * (alternately 3 days ahead and 10 days ago, confirmed).
 */
async function seedSegmentData(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select account_id from operators where login_id = 'demo'`);
    const accountId = rows[0].account_id;
    const { rows: tagRows } = await client.query(
      `insert into tags (account_id, name, "order") values ($1, 'bench-a', 901), ($1, 'bench-b', 902)
       returning id`,
      [accountId],
    );
    const [a, b] = tagRows.map((row) => row.id);
    await client.query(
      `insert into member_tags (member_id, tag_id)
       select id, $2::int from members where account_id = $1 and id % 5 = 0
       union all select id, $3::int from members where account_id = $1 and id % 10 = 0`,
      [accountId, a, b],
    );
    const { rows: salonRows } = await client.query(
      `select id from salons where account_id = $1 order by id limit 1`,
      [accountId],
    );
    await client.query(
      `insert into salon_reservations (salon_id, member_id, name, date, from_time, to_time, status, source)
       select $2::int, id, 'ベンチ予約',
              (now() at time zone 'Asia/Tokyo')::date + case when id % 40 = 0 then -10 else 3 end,
              '10:00', '11:00', 2, 'manager'
       from members where account_id = $1 and id % 20 = 0`,
      [accountId, salonRows[0].id],
    );
    // Friend information: a number field (visits 0..29) on every 2nd friend, a text field (a
    // memo, 1 in 7 mentions カラー) on every 3rd (decision 0158).
    const { rows: fieldRows } = await client.query(
      `insert into var_items (account_id, name, type, "order")
       values ($1, 'bench-来店回数', 'number', 901), ($1, 'bench-メモ', 'text', 902) returning id`,
      [accountId],
    );
    const [visits, memo] = fieldRows.map((row) => row.id);
    await client.query(
      `insert into member_var_values (member_id, var_id, number_value)
       select id, $2::int, id % 30 from members where account_id = $1 and id % 2 = 0`,
      [accountId, visits],
    );
    await client.query(
      `insert into member_var_values (member_id, var_id, text_value)
       select id, $2::int, case when id % 7 = 0 then 'カラーの相談あり' else 'カット' end
       from members where account_id = $1 and id % 3 = 0`,
      [accountId, memo],
    );
    await client.query(
      'analyze members; analyze member_tags; analyze salon_reservations; analyze member_var_values',
    );
    return { a, b, visits, memo };
  } finally {
    await client.end();
  }
}

/** Saves a segment through the API and returns the path of its members' first page. */
async function saveSegment(url, cookie, name, match, conditions) {
  const response = await fetch(`${url}/api/journey/member_queries`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: url,
    },
    body: JSON.stringify({ name, match, conditions }),
  });
  if (response.status !== 201) throw new Error(`segment ${name}: ${await response.text()}`);
  const { id } = await response.json();
  return `/api/journey/member_queries/${id}/members`;
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

async function benchOn(kind) {
  const server = await startBenchServer(kind, { password: PASSWORD });
  try {
    const seededMs = await seedFriends(server.databaseUrl);
    console.log(
      `\nLINE friends list, ${FRIENDS.toLocaleString()} friends in one account (${server.label}; written in ${seededMs} ms)`,
    );
    const cookie = await signIn(server.url, PASSWORD);
    const { a, b, visits, memo } = await seedSegmentData(server.databaseUrl);
    const segment = (name, match, conditions) =>
      saveSegment(server.url, cookie, name, match, conditions);
    const segments = [
      [
        'segment: tag a (any)',
        await segment('a', 'all', [{ kind: 'tags', match: 'any', tag_ids: [a] }]),
      ],
      [
        'segment: tags a and b (all)',
        await segment('ab', 'all', [{ kind: 'tags', match: 'all', tag_ids: [a, b] }]),
      ],
      [
        'segment: no tag a, following',
        await segment('not a', 'all', [
          { kind: 'tags', match: 'none', tag_ids: [a] },
          { kind: 'follow', state: 'following' },
        ]),
      ],
      [
        'segment: reservation in 7 days',
        await segment('upcoming', 'all', [{ kind: 'reservation', when: 'upcoming', days: 7 }]),
      ],
      [
        'segment: visited 30 days or tag b',
        await segment('visited or b', 'any', [
          { kind: 'reservation', when: 'visited', days: 30 },
          { kind: 'tags', match: 'any', tag_ids: [b] },
        ]),
      ],
      [
        'segment: visits > 20 and memo contains カラー',
        await segment('var', 'all', [
          { kind: 'var', var_id: visits, op: 'gt', value: '20' },
          { kind: 'var', var_id: memo, op: 'contains', value: 'カラー' },
        ]),
      ],
    ];
    const targets = [
      ['bare GET /api/auth/me', '/api/auth/me'],
      ['page 1 (newest, with total)', '/api/line/friends'],
      ['page 1,000 (from the 50,000th)', '/api/line/friends?page=1000'],
      ['name search 花子', `/api/line/friends?q=${encodeURIComponent('花子')}`],
      ['state blocked', '/api/line/friends?state=blocked'],
      [
        'friend information: visits > 20',
        `/api/line/friends?var_id=${visits}&var_op=gt&var_value=20`,
      ],
      ...segments,
    ];
    const rows = [];
    for (const [name, path] of targets) {
      for (let i = 0; i < WARMUP; i += 1) await time(server.url, path, cookie);
      const times = [];
      for (let i = 0; i < REQUESTS; i += 1) times.push(await time(server.url, path, cookie));
      const { median, p95 } = summary(times);
      rows.push({
        database: server.label,
        request: name,
        'median (ms)': median,
        'p95 (ms)': p95,
        goal: name.startsWith('bare') ? '' : name.startsWith('segment') ? '≤ 200 ms' : '≤ 100 ms',
      });
    }
    console.table(rows);
    return rows;
  } finally {
    await server.stop();
  }
}

const all = [];
for (const kind of selectedDatabases()) all.push(...(await benchOn(kind)));
console.log('\nside by side:');
console.table(all);
