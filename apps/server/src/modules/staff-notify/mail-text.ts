import type { StaffMail } from './mailer.js';

const APP = 'Tsunagu';
const when = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The e-mail of one operator's due notices (decision 0282): one notice as itself, more as one
 * digest, newest last, each with its Tokyo time and the console link.
 */
export function digestMail(
  notices: readonly { text: string; link: string | null; created_at: Date | string }[],
  origin: string | null,
): Omit<StaffMail, 'to'> {
  const lines = notices.map((notice) => {
    const link = notice.link && origin ? `\n  ${origin}${notice.link}` : '';
    return `・${when.format(new Date(notice.created_at))} ${notice.text}${link}`;
  });
  const subject =
    notices.length === 1
      ? `【${APP}】${notices[0]?.text ?? ''}`
      : `【${APP}】新しいお知らせが${notices.length}件あります`;
  const footer =
    '\n\n通知の受け取り方は管理画面の「通知の設定」で変えられます。\nこのメールは送信専用です。';
  return { subject: subject.slice(0, 200), text: `${lines.join('\n')}${footer}` };
}
