// Shared by bench/broadcast.mjs, bench/notifications.mjs and bench/richmenu-publish-bench.mjs: a throwaway cluster, the built
// server (demo seed, LINE_PUSH_SENDER=line, its dispatcher in the process), the fake LINE as the
// demo account's channel, signed in as demo; `friends` friends of demo inserted in SQL, tagged
// and with a friend-information value (an alias to personalise), and a saved segment finding
// them. Nothing here asserts.
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';
import { signIn } from './lib.mjs';

const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts everything; `call(method, path, body)` answers `{ body, seconds }`. `prefix`: the two
 * letters that start the friends' LINE user ids (each bench its own).
 */
export async function startSegmentBench({ friends, prefix, tagName, env = {} }) {
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
      LINE_DATA_API_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  async function stop() {
    await sql.end();
    await server.stop();
    await line.close();
    await database.stop();
  }
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
    const tag = (await call('POST', '/api/line/tags', { name: tagName, group_id: null })).body;
    const nickname = (
      await call('POST', '/api/var/items', { name: 'ベンチ呼び名', type: 'text', group_id: null })
    ).body;
    const {
      rows: [{ account_id: accountId }],
    } = await sql.query(`select account_id from operators where login_id = 'demo'`);
    await sql.query(
      `insert into members (account_id, display_name, line_user_id, followed_at)
       select $1, 'ベンチ友だち' || g, $3 || lpad(to_hex(g), 31, '0'), now()
       from generate_series(1, $2::int) g`,
      [accountId, friends, prefix],
    );
    await sql.query(
      `insert into member_tags (member_id, tag_id)
       select id, $1 from members where line_user_id like $2 || '%'`,
      [tag.id, prefix],
    );
    await sql.query(
      `insert into member_var_values (member_id, var_id, text_value)
       select id, $1, 'さん' || id from members where line_user_id like $2 || '%'`,
      [nickname.id, prefix],
    );
    await sql.query('analyze');
    const segment = (
      await call('POST', '/api/journey/member_queries', {
        name: 'ベンチの友だち',
        match: 'all',
        conditions: [{ kind: 'tags', match: 'any', tag_ids: [tag.id] }],
      })
    ).body;
    return {
      database,
      line,
      channel,
      server,
      sql,
      call,
      cookie,
      accountId,
      tag,
      nickname,
      segment,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
