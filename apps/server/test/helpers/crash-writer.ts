// Run as a child process by embedded-crash.test.ts, bundled to one file so it starts fast: opens
// the data folder argv[2] exactly as `npm start` does (lock, cluster start or crash recovery),
// then writes rows from four connections and prints `ack N` once the INSERT of N returned.
import pg from 'pg';
import { openEmbeddedDatabase } from '../../src/db/embedded-data-dir.js';

const embedded = await openEmbeddedDatabase(process.argv[2] as string);
const pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
await pool.query('CREATE TABLE IF NOT EXISTS acks (n integer PRIMARY KEY, pad text NOT NULL)');
const { rows } = await pool.query<{ max: number | null }>('SELECT max(n) AS max FROM acks');
let next = (rows[0]?.max ?? 0) + 1;
process.stdout.write(`ready ${next - 1}\n`);
const writer = async () => {
  for (;;) {
    const n = next;
    next += 1;
    await pool.query('INSERT INTO acks (n, pad) VALUES ($1, repeat($2, 200))', [n, 'x']);
    process.stdout.write(`ack ${n}\n`);
  }
};
await Promise.all([writer(), writer(), writer(), writer()]);
