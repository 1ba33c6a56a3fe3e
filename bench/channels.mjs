// `npm run bench` (after tel.mjs): sending per LINE channel (issue 17, decision 0045), on
// PostgreSQL. Two accounts each order 20,000 notification messages at once, each through its own
// channel; a third account orders a single message two seconds later. The fake LINE (the tests'
// own, apps/server/test/fakes/fake-line.ts, run here through tsx) counts per channel:
//   - messages/s per channel (first → last request) and the busiest one-second window;
//   - how long the third account's single message waited (order → arrival at LINE);
// first with the dispatcher in the API process, then with two `npm run worker` processes and
// the API not sending. It prints figures and asserts nothing (docs/performance.md records them).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startBuiltServer, ROOT } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { fakeChannel, startFakeLine } from '../apps/server/test/fakes/fake-line.ts';

const MESSAGES = Number(process.env.CHANNEL_BENCH_MESSAGES ?? 20_000);
const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const WORKER_ENTRY = path.join(ROOT, 'apps/server/dist/worker.js');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function client(url, cookie) {
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const call = async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    call,
    async upload(templateId, count, from) {
      const lines = ['tel,date,time,template_id,param_1'];
      for (let i = 0; i < count; i += 1) {
        lines.push(
          `090${String(from + i).padStart(8, '0')},2020/1/1,10:00,${templateId},お客様${i}`,
        );
      }
      const form = new FormData();
      form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench.csv');
      const response = await fetch(`${url}/api/tel/upload`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`upload: ${response.status} ${await response.text()}`);
      return (await response.json()).id;
    },
    order: (id) => call('POST', `/api/tel/list/${id}/status`, { status: 1 }),
    status: async (id) => (await call('GET', `/api/tel/list/${id}/status`)).status,
  };
}

async function signIn(url, loginId) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ login_id: loginId, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${loginId}: ${response.status}`);
  return client(
    url,
    response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; '),
  );
}

/** A third account with an owner `third` (the demo seed has two), written straight in SQL. */
async function addThirdAccount(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const account = await db.query(
      `insert into accounts (name, reseller_code, consent) values ('まちのカフェ', 'tsunagu', true) returning id`,
    );
    const accountId = account.rows[0].id;
    const role = await db.query(
      `insert into operator_roles (account_id, name, permission_keys, is_owner)
       values ($1, 'オーナー', array['tel-write'], true) returning id`,
      [accountId],
    );
    await db.query(
      `insert into operators (account_id, role_id, login_id, display_name, password_hash)
       select $1, $2, 'third', '第三 太郎', password_hash from operators where login_id = 'other'`,
      [accountId, role.rows[0].id],
    );
  } finally {
    await db.end();
  }
}

function busiestSecond(times) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i] - sorted[j] >= 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

function startWorker(env) {
  const child = spawn(process.execPath, [WORKER_ENTRY], { cwd: ROOT, env, stdio: 'ignore' });
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function run(label, workers) {
  const database = await startTempPostgres();
  const channels = [fakeChannel(1), fakeChannel(2), fakeChannel(3)];
  const line = await startFakeLine({ channels });
  const env = {
    DATABASE_URL: database.url,
    TEL_SENDER: 'line',
    SECRETS_KEY,
    LINE_API_BASE: line.url,
    TEL_DISPATCH_IN_PROCESS: workers > 0 ? 'false' : 'true',
  };
  const server = await startBuiltServer({ password: PASSWORD, env });
  const started = [];
  try {
    await addThirdAccount(database.url);
    const accounts = [];
    for (const [index, loginId] of ['demo', 'other', 'third'].entries()) {
      const api = await signIn(server.url, loginId);
      const channel = channels[index];
      await api.call('PUT', '/api/line/channel', {
        channel_id: channel.channelId,
        channel_secret: channel.secret,
        channel_access_token: channel.token,
        pnp_enabled: true,
      });
      const template = await api.call('POST', '/api/tel/template/register', {
        name: 'ベンチマーク',
        body: JSON.stringify({ type: 'text', text: '[param_1] 様' }),
      });
      accounts.push({ loginId, api, channel, templateId: template.id });
    }
    const [a, b, c] = accounts;
    const bigA = await a.api.upload(a.templateId, MESSAGES, 0);
    const bigB = await b.api.upload(b.templateId, MESSAGES, 1_000_000);
    const single = await c.api.upload(c.templateId, 1, 2_000_000);
    for (let i = 0; i < workers; i += 1) {
      started.push(startWorker({ ...process.env, ...env, LOG_LEVEL: 'warn' }));
    }
    await wait(workers > 0 ? 1500 : 0);

    const t0 = performance.now();
    await Promise.all([a.api.order(bigA), b.api.order(bigB)]);
    await wait(2000);
    const singleOrderedAt = performance.now();
    await c.api.order(single);
    while ((await a.api.status(bigA)) !== 3 || (await b.api.status(bigB)) !== 3) await wait(100);
    const total = (performance.now() - t0) / 1000;

    const rows = [];
    for (const account of [a, b]) {
      const times = line.requests
        .filter((r) => r.channelId === account.channel.channelId && r.status === 200)
        .map((r) => r.at);
      const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
      rows.push({
        run: label,
        account: account.loginId,
        messages: times.length,
        'messages/s (first → last)': Math.round(times.length / seconds),
        'busiest second': busiestSecond(times),
        'configured rate': 2000,
      });
    }
    const singleAt = line.requests.find((r) => r.channelId === c.channel.channelId)?.at;
    console.table(rows);
    console.log(
      `${label}: both orders done in ${total.toFixed(2)} s; the third account's single message reached LINE ` +
        `${singleAt === undefined ? 'never' : `${Math.round(singleAt - singleOrderedAt)} ms`} after it was ordered`,
    );
    return {
      rows,
      singleMs: singleAt === undefined ? null : Math.round(singleAt - singleOrderedAt),
    };
  } finally {
    for (const worker of started) await worker.stop();
    await server.stop();
    await line.close();
    database.stop();
  }
}

console.log(
  `\nsending per channel: 2 channels × ${MESSAGES.toLocaleString()} messages, + 1 message of a third account (PostgreSQL)`,
);
await run('dispatcher in the API process', 0);
await run('two worker processes', 2);
