import type { Config } from '../../config.js';
import { lazyModule } from '../../lib/lazy-module.js';

/** nodemailer is loaded when a shop has SMTP settings and a mail goes out (decision 0460). */
const loadNodemailer = lazyModule(() => import('nodemailer').then((module) => module.default));

export interface StaffMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail or throws (the dispatcher retries with back-off). */
export interface Mailer {
  send(mail: StaffMail): Promise<void>;
  /** Connects and signs in once: a clear Japanese reason when the SMTP settings do not work. */
  verify(): Promise<string | null>;
}

/** The SMTP mailer of the environment's settings (README「スタッフへの通知」), or null without SMTP_HOST. */
export function mailerFromConfig(config: Config): Mailer | null {
  if (!config.SMTP_HOST || !config.MAIL_FROM) return null;
  const transportOf = lazyModule(async () =>
    (await loadNodemailer()).createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      ...(config.SMTP_USER && config.SMTP_PASSWORD
        ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } }
        : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
  const from = config.MAIL_FROM;
  const where = `${config.SMTP_HOST}:${config.SMTP_PORT}`;
  return {
    async send(mail) {
      await (
        await transportOf()
      ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async verify() {
      try {
        await (await transportOf()).verify();
        return null;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return `SMTP サーバー（${where}）に接続またはログインできません。SMTP_HOST・SMTP_PORT・SMTP_SECURE・SMTP_USER・SMTP_PASSWORD を確認してください（${reason}）。スタッフへのメール通知は再試行されます。`;
      }
    },
  };
}
