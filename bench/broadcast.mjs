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
import { startSegmentBench, wait } from './segment-bench.mjs';

const FRIENDS = Number(process.env.BROADCAST_BENCH_FRIENDS ?? 100_000);
const RATE = Number(process.env.BROADCAST_BENCH_RATE ?? 2000);

const bench = await startSegmentBench({
  friends: FRIENDS,
  prefix: 'Uc',
  tagName: 'ベンチ一斉送信',
  env: { TEL_RATE_LIMIT: String(RATE) },
});
const { line, sql, nickname, segment } = bench;
const call = async (method, path, body) => (await bench.call(method, path, body)).body;

try {
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
  await bench.stop();
}
