import { RESERVATION_STATE_LABELS, type EventReservation, type EventSlot } from '../api/event-types';
import { slotLabel, tokyoParts } from './event-time';

/**
 * The reservations of an event as a CSV Excel opens without asking (decision 0317): UTF-8 with
 * a byte-order mark, CRLF, every cell quoted, one column per question; times in Tokyo. A cell
 * that starts like a formula (= + - @) gets a leading ' so Excel shows it as text.
 */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

export function reservationsCsv(
  slots: readonly Pick<EventSlot, 'id' | 'starts_at' | 'ends_at'>[],
  reservations: readonly EventReservation[],
): string {
  const questions = [...new Set(reservations.flatMap((row) => row.answers.map((a) => a.label)))];
  const slotNames = new Map(slots.map((slot) => [slot.id, slotLabel(slot.starts_at, slot.ends_at)]));
  const header = ['日時', '友だち', '友だちID', '予約日時', '状態', '受付', ...questions];
  const lines = reservations.map((row) => {
    const at = tokyoParts(row.created_at);
    const answers = new Map(row.answers.map((answer) => [answer.label, answer.value]));
    return [
      slotNames.get(row.slot_id) ?? '',
      row.display_name,
      String(row.member_id),
      `${at.date.replace(/-/g, '/')} ${at.time}`,
      RESERVATION_STATE_LABELS[row.state],
      row.by_staff ? 'スタッフ' : '本人',
      ...questions.map((label) => answers.get(label) ?? ''),
    ];
  });
  return `\uFEFF${[header, ...lines].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves the CSV through the browser as `{name}.csv`. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
