import path from 'node:path';
import { startBuiltServer, ROOT } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { DEMO_PASSWORD } from './demo-users';
import { MAILBOX_ENV, startMailCatcher } from './mail-catcher';
import { DATABASE_SERVER_ENV } from './test-database';

// The PostgreSQL of the run — TEST_DATABASE_URL (npm test hands in the one the server tests used),
// or a throwaway cluster from the embedded binaries — and on it the built app, started once for
// the whole run on a database of its own. Workers find the app through E2E_BASE_URL and the
// PostgreSQL through DATABASE_SERVER_ENV (their own servers make their own databases there).
export default async function globalSetup(): Promise<() => Promise<void>> {
  let databaseServerUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = () => {};
  if (!databaseServerUrl) {
    const cluster = await startTempPostgres();
    databaseServerUrl = cluster.url;
    stopCluster = cluster.stop;
  }
  process.env[DATABASE_SERVER_ENV] = databaseServerUrl;
  // Staff notices by e-mail (issue 26) go to an SMTP server on loopback; workers read them.
  const mail = await startMailCatcher();
  process.env[MAILBOX_ENV] = mail.mailboxUrl;
  try {
    const server = await startBuiltServer({
      password: DEMO_PASSWORD,
      logFile: path.join(ROOT, '.test-output/e2e-server.log'),
      databaseServerUrl,
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.smtpPort),
        MAIL_FROM: 'Tsunagu <notify@tsunagu.test>',
        STAFF_MAIL_DIGEST_SECONDS: '20',
        STAFF_NOTIFY_POLL_MS: '500',
      },
    });
    process.env.E2E_BASE_URL = server.url;
    console.log(`built server on ${server.url} (log: .test-output/e2e-server.log)`);
    return async () => {
      await server.stop();
      await mail.close();
      stopCluster();
    };
  } catch (error) {
    await mail.close();
    stopCluster();
    throw error;
  }
}
