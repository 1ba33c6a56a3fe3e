// `npm run bench` (issue 24): an お知らせ to a segment of 100,000 friends, on PostgreSQL — "a
// broadcast to 100,000 friends of a segment queued in ≤ 2 s". A throwaway cluster, the built
// server (demo seed, LINE_PUSH_SENDER=line, its dispatcher in the process), the fake LINE as the
// demo account's channel. The friends are inserted in SQL and tagged; a saved segment finds
// them. Per path (multicasts of 500 without aliases; one push per friend with an alias):
// the live estimate's time, the send call's time (quota read, count, every push row queued in
// one transaction), and for the multicast the seconds until LINE had them all; then the list's
// time with those rows. It prints figures and asserts nothing (docs/performance.md).
import { startSegmentBench, wait } from './segment-bench.mjs';

const FRIENDS = Number(process.env.NOTIFICATION_BENCH_FRIENDS ?? 100_000);

const RATE = Number(process.env.NOTIFICATION_BENCH_RATE ?? 2000);

const bench = await startSegmentBench({
  friends: FRIENDS,
  prefix: 'Un',
  tagName: 'ベンチお知らせ',
  env: { TEL_RATE_LIMIT: String(RATE) },
});
const { line, sql, call, nickname, segment } = bench;

try {
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
    `\nお知らせ to a segment of ${FRIENDS.toLocaleString()} friends (PostgreSQL, fake LINE at ${RATE} requests/s, built server)`,
  );
  const rows = [
    await notify('multicast (no aliases)', '臨時休業のお知らせです', true),
    await notify('push per friend (alias)', `{{var:${nickname.id}}}、今月のおすすめです`, true),
    await notify('again, push per friend', `{{var:${nickname.id}}}、来月のおすすめです`, true),
  ];
  console.table(rows);
  // The list with those rows (everything delivered: 200,000+ push rows): the first call, then
  // the median of five more.
  const first = await call('GET', '/api/line/notifications');
  const times = [];
  for (let i = 0; i < 5; i += 1) times.push((await call('GET', '/api/line/notifications')).seconds);
  times.sort((a, b) => a - b);
  const {
    rows: [{ rows: pushRows }],
  } = await sql.query(`select count(*)::int as rows from line_pushes`);
  console.log(
    `list of お知らせ with their counts (${first.body.items.length} items; ${pushRows.toLocaleString()} push rows, ${(2 * FRIENDS).toLocaleString()} friends): ` +
      `first call ${(first.seconds * 1000).toFixed(0)} ms, median of 5 after ${(times[2] * 1000).toFixed(0)} ms`,
  );

  // Where the personalised path's send time went before decision 0226: the insert … select that
  // wrote one row per friend in the request, explained with ANALYZE in a transaction rolled back
  // (the server now writes 200 fan-out rows; the dispatcher makes the per-friend rows).
  await sql.query('begin');
  const {
    rows: [
      {
        'QUERY PLAN': [plan],
      },
    ],
  } = await sql.query(
    `explain (analyze, format json)
     insert into line_pushes (account_id, member_id, messages, render_aliases, retry_key,
       next_attempt_at, notification_id)
     select $1, m.id, $2::jsonb, true, gen_random_uuid()::text, now(), null
     from members m
     where m.account_id = $1 and m.follow_state = 'following'
       and exists (select 1 from member_tags t where t.member_id = m.id and t.tag_id = $3)`,
    [
      bench.accountId,
      JSON.stringify([{ type: 'text', text: `{{var:${nickname.id}}}、今月のおすすめです` }]),
      bench.tag.id,
    ],
  );
  await sql.query('rollback');
  const insert = plan.Plan;
  const select = insert.Plans?.[0];
  const triggers = (plan.Triggers ?? []).reduce((sum, t) => sum + t.Time, 0);
  console.log(
    `one push row per friend in the request (before decision 0226), where the time goes (${select?.['Actual Rows'] ?? FRIENDS} rows, one statement, EXPLAIN ANALYZE):`,
  );
  console.table([
    {
      part: 'choosing the friends (the select)',
      ms: Math.round(select?.['Actual Total Time'] ?? 0),
    },
    {
      part: 'writing the rows and their 6 indexes (insert node minus select)',
      ms: Math.round(insert['Actual Total Time'] - (select?.['Actual Total Time'] ?? 0)),
    },
    ...(plan.Triggers ?? []).map((t) => ({
      part: `${t['Trigger Name']} (${t.Calls} calls)`,
      ms: Math.round(t.Time),
    })),
    { part: 'statement in all', ms: Math.round(plan['Execution Time']) },
    { part: '(triggers in all)', ms: Math.round(triggers) },
  ]);
} finally {
  await bench.stop();
}
