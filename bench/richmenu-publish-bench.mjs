// `npm run bench`: a 2-tab rich menu published to 10,000 friends by tag (issue 25: "publishing
// to 10,000 friends by tag — wall time against LINE's own limits"). A throwaway cluster, the
// built server (demo seed, LINE_PUSH_SENDER=line, its rich menu publisher in the process), the
// fake LINE (apps/server/test/fakes/fake-line.ts, through tsx) as the demo account's channel and
// as LINE_DATA_API_BASE. The friends are inserted in SQL and tagged. Two runs:
//   - the first publish: 2 creates, 2 images, 2 aliases, bulk links of 500 ids;
//   - a new image for the live menu: 2 new menus, one batch moving the friends (its progress read
//     every 5 s until LINE says succeeded), the old menus deleted.
// Printed per run: wall time until 公開中, LINE calls by kind, and what LINE's hourly budgets
// (100 creates+deletes, 3 batches) leave for more publishes this hour. It asserts nothing
// (docs/performance.md).
import sharp from 'sharp';
import { startSegmentBench, wait } from './segment-bench.mjs';

const FRIENDS = Number(process.env.RICHMENU_BENCH_FRIENDS ?? 10_000);

const bench = await startSegmentBench({
  friends: FRIENDS,
  prefix: 'Uf',
  tagName: 'ベンチリッチメニュー',
});
const { line, tag } = bench;
const call = async (method, path, body) => (await bench.call(method, path, body)).body;

const image = (background) =>
  sharp({ create: { width: 2500, height: 843, channels: 3, background } })
    .png()
    .toBuffer();
async function putImage(id, bytes) {
  const response = await fetch(`${bench.server.url}/api/line/rich_menus/${id}/image`, {
    method: 'PUT',
    headers: {
      cookie: bench.cookie,
      'content-type': 'image/png',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: bytes,
  });
  if (!response.ok) throw new Error(`PUT image: ${response.status} ${await response.text()}`);
}

try {
  const menu = (name, switchTo) => ({
    name,
    chat_bar_text: 'メニュー',
    selected: true,
    size: { width: 2500, height: 843 },
    areas: [
      {
        bounds: { x: 0, y: 0, width: 1250, height: 843 },
        action: { type: 'uri', uri: 'https://example.jp/' },
      },
      ...(switchTo
        ? [
            {
              bounds: { x: 1250, y: 0, width: 1250, height: 843 },
              action: { type: 'richmenuswitch', rich_menu_id: switchTo },
            },
          ]
        : []),
    ],
  });
  const home = await call('POST', '/api/line/rich_menus', menu('ベンチ ホーム', null));
  const second = await call('POST', '/api/line/rich_menus', menu('ベンチ クーポン', home.id));
  await call('PUT', `/api/line/rich_menus/${home.id}`, menu('ベンチ ホーム', second.id));
  await putImage(home.id, await image('#c33'));
  await putImage(second.id, await image('#3c3'));

  const count = (method, pattern, from) =>
    line.richMenu.calls.slice(from).filter((c) => c.method === method && pattern.test(c.path))
      .length;

  async function publish(label) {
    const from = line.richMenu.calls.length;
    const bulkFrom = line.richMenu.bulkLinks.length;
    const started = performance.now();
    await call('POST', `/api/line/rich_menus/${home.id}/publish`, {
      audience: { type: 'tag', tag_id: tag.id },
    });
    let shown;
    const deadline = performance.now() + 600_000;
    do {
      await wait(100);
      shown = await call('GET', `/api/line/rich_menus/${home.id}`);
    } while (shown.state === 'publishing' && performance.now() < deadline);
    const seconds = (performance.now() - started) / 1000;
    const creates = count('POST', /^\/v2\/bot\/richmenu$/, from);
    const deletes = count('DELETE', /^\/v2\/bot\/richmenu\/richmenu-/, from);
    const batches = count('POST', /^\/v2\/bot\/richmenu\/batch$/, from);
    return {
      run: label,
      state: shown.state,
      friends: FRIENDS,
      'wall time (s)': Number(seconds.toFixed(2)),
      creates,
      images: count('POST', /\/content$/, from),
      aliases: count('POST', /^\/v2\/bot\/richmenu\/alias/, from),
      'bulk links': line.richMenu.bulkLinks.length - bulkFrom,
      batches,
      'progress reads': count('GET', /progress\/batch/, from),
      deletes,
      'LINE calls': line.richMenu.calls.length - from,
      'creates+deletes of 100/h': creates + deletes,
      'batches of 3/h': batches,
    };
  }

  console.log(
    `\nA 2-tab rich menu published to ${FRIENDS.toLocaleString()} friends by tag ` +
      `(PostgreSQL, fake LINE; LINE's budgets: 100 creates+deletes and 3 batches an hour)`,
  );
  const first = await publish('first publish (bulk link ≤ 500 ids a call)');
  await putImage(home.id, await image('#33c'));
  const edit = await publish('new image of the live menu (one batch, old deleted)');
  console.table([first, edit]);
  console.log(
    `An hour of LINE's budgets allows ${Math.floor(100 / 2)} first publishes of a 2-tab menu, ` +
      `${Math.floor(100 / 4)} republishes by creates+deletes, but only 3 that move friends by batch.`,
  );
} finally {
  await bench.stop();
}
