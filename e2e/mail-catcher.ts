// The e-mail of the run (issue 26): the global setup starts an SMTP server on loopback that the
// built server sends staff notices to (SMTP_HOST), and a small HTTP door on loopback where the
// Playwright workers read what arrived (E2E_MAILBOX_URL) — they run in other processes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpCatcher, type CaughtMail } from '../apps/server/test/fakes/smtp-catcher';

export const MAILBOX_ENV = 'E2E_MAILBOX_URL';

export async function startMailCatcher() {
  const smtp = await startSmtpCatcher();
  const door = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', () => resolve()));
  const { port } = door.address() as AddressInfo;
  return {
    smtpPort: smtp.port,
    mailboxUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => door.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** Every e-mail the built server has sent so far (in a worker). */
export async function caughtMails(): Promise<CaughtMail[]> {
  const url = process.env[MAILBOX_ENV];
  if (!url) throw new Error(`${MAILBOX_ENV} is not set: the global setup starts the mail catcher`);
  return (await fetch(url)).json() as Promise<CaughtMail[]>;
}
