import type pg from 'pg';

/**
 * A Tsunagu backup (decision 0206): gzip of
 *   line 1  `TSUNAGU-BACKUP 1`
 *   line 2  the header (JSON): migration level, tables with their columns, sequences
 *   then    for each table of the header, in order: its rows in COPY text format, then `\.`
 *   last    the trailer (JSON): rows per table — a file without it was cut short.
 * All of it read in one REPEATABLE READ snapshot, so it is consistent while the server writes.
 */
export const MAGIC = 'TSUNAGU-BACKUP 1';
export const END_OF_TABLE = '\\.';

export interface MigrationLevel {
  /** Migrations applied (rows of drizzle.__drizzle_migrations). */
  count: number;
  /** The last one's journal time (`when`), as drizzle records it in created_at. */
  lastCreatedAt: number | null;
}

export interface TableEntry {
  name: string;
  /** Columns in COPY order (generated columns are left out: PostgreSQL computes them). */
  columns: string[];
}

export interface BackupHeader {
  createdAt: string;
  server: string;
  migration: MigrationLevel;
  tables: TableEntry[];
  /** Sequence state in the snapshot: setval(name, value, called). */
  sequences: { name: string; value: string; called: boolean }[];
}

export interface BackupTrailer {
  rows: Record<string, number>;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables of the public schema, each after the tables it references (so a restore without
 * disabled triggers works too); tables in a reference cycle keep name order at the end.
 */
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<TableEntry[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: references } = await client.query<{ table: string; referenced: string }>(
    `SELECT DISTINCT c.relname AS table, r.relname AS referenced
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns)
    byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.column]);
  const needs = new Map<string, Set<string>>();
  for (const name of byTable.keys()) needs.set(name, new Set());
  for (const row of references) needs.get(row.table)?.add(row.referenced);
  const order: string[] = [];
  const placed = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const [name, wanted] of needs) {
      if (placed.has(name) || [...wanted].some((other) => !placed.has(other))) continue;
      order.push(name);
      placed.add(name);
      progress = true;
    }
  }
  for (const name of [...needs.keys()].sort()) if (!placed.has(name)) order.push(name);
  return order.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

export async function migrationLevel(client: pg.ClientBase): Promise<MigrationLevel> {
  const exists = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
  if (!exists.rows[0]?.t) return { count: 0, lastCreatedAt: null };
  const { rows } = await client.query<{ count: string; last: string | null }>(
    'SELECT count(*) AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const row = rows[0];
  return {
    count: Number(row?.count ?? 0),
    lastCreatedAt: row?.last == null ? null : Number(row.last),
  };
}
