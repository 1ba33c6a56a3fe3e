// Databases on a test cluster (scripts/pg-temp.mjs, or the server named by TEST_DATABASE_URL):
// a fresh one per test file or e2e server, either empty or copied from a template database that
// is already migrated (and seeded), so nothing is migrated twice. Shared by the server tests'
// Vitest setup (apps/server/test) and the browser tests' servers (e2e/).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `tsunagu_<prefix>_<12 hex>`: unique, and needs no quoting. */
export function databaseName(prefix) {
  return `tsunagu_${prefix}_${randomBytes(6).toString('hex')}`;
}

/** The URL of database `name` on the server of `serverUrl` (same user, host, port, options). */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient(serverUrl, work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database on the server of `serverUrl`: empty, or a copy of `template`. From
 * PostgreSQL 15 on, the copy is a plain copy of the template's files (STRATEGY FILE_COPY) rather
 * than a copy written block by block through the WAL: the faster of the two for databases of a
 * few megabytes (docs/performance.md, CI section).
 * @param {string} serverUrl any database on the server, as a user allowed to CREATE DATABASE
 * @param {{ prefix?: string, template?: string }} [options]
 * @returns {Promise<{ name: string, url: string, drop: () => Promise<void> }>}
 */
export async function createDatabase(serverUrl, options = {}) {
  const name = databaseName(options.prefix ?? 'test');
  await withClient(serverUrl, async (client) => {
    let sql = `CREATE DATABASE ${name}`;
    if (options.template) {
      const { rows } = await client.query("select current_setting('server_version_num')::int as v");
      sql += ` TEMPLATE ${client.escapeIdentifier(options.template)}`;
      if (rows[0].v >= 150000) sql += ' STRATEGY FILE_COPY';
    }
    await client.query(sql);
  });
  return { name, url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** Drops a database, closing its connections first (WITH (FORCE), PostgreSQL 13+). */
export async function dropDatabase(serverUrl, name) {
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

/**
 * Makes `name` a template: no connection is allowed any more (open ones are ended), so copying
 * it never fails with "source database is being accessed by other users".
 */
export async function freezeAsTemplate(serverUrl, name) {
  await withClient(serverUrl, async (client) => {
    const id = client.escapeIdentifier(name);
    await client.query(`ALTER DATABASE ${id} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  });
}

/** Drops a template made by freezeAsTemplate. */
export async function dropTemplate(serverUrl, name) {
  await withClient(serverUrl, async (client) => {
    const id = client.escapeIdentifier(name);
    await client.query(`ALTER DATABASE ${id} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
  });
}
