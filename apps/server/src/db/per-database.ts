import type { Executor } from './types.js';

/**
 * Something built once per database handle and then reused — a Drizzle prepared query for a
 * lookup every request runs, so neither Drizzle nor PostgreSQL (a named statement per pooled
 * connection) prepares it again.
 */
export function perDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
