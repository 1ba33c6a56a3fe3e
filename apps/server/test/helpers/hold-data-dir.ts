// Run as a child process by database.test.ts: takes the lock of the data folder given as
// argv[2] exactly as a starting server does, prints "locked", and keeps it until killed — a
// second server on the same folder, without the seconds a database needs to start.
import { acquireDataDirLock } from '../../src/db/data-dir-lock.js';

acquireDataDirLock(process.argv[2] as string);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
