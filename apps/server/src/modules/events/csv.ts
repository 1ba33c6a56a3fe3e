import {
  EVENT_CSV_COLUMNS,
  EVENT_RESERVATION_SOURCE_LABELS,
  EVENT_RESERVATION_STATE_LABELS,
  type EventReservationState,
  type FriendsCsvEncoding,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { csvLine, csvStart, encodeCsv } from '../../lib/csv/decode.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import * as repository from './repository.js';
import { tokyoParts } from './slot-times.js';
import { questionsOf, type EventRow } from './views.js';

/** `2026/11/24 10:05` (Asia/Tokyo), or '' — as the friends CSV writes instants. */
const tokyoText = (instant: Date | null) =>
  instant ? toTokyoIso(instant).slice(0, 16).replace('T', ' ').replaceAll('-', '/') : '';

/**
 * An event's reservations as a CSV Excel opens as it is (the friends CSV's helpers: UTF-8 with
 * BOM or CP932, CRLF): slot, friend, state, times, then each question's answer.
 */
export async function eventReservationsCsv(
  db: Executor,
  event: EventRow,
  slotId: number | undefined,
  encoding: FriendsCsvEncoding,
): Promise<Buffer> {
  const questions = questionsOf(event);
  const slots = new Map((await repository.slotsOf(db, [event.id])).map((slot) => [slot.id, slot]));
  const rows = await repository.reservationsOf(db, event.id, slotId);
  const lines = [csvLine([...EVENT_CSV_COLUMNS, ...questions.map((question) => question.label)])];
  for (const { row, name } of rows) {
    const slot = slots.get(row.slotId)!;
    const answers = new Map(
      (row.answers as { var_id: number; text: string }[]).map((answer) => [
        answer.var_id,
        answer.text,
      ]),
    );
    lines.push(
      csvLine([
        tokyoParts(slot.startsAt).date.replaceAll('-', '/'),
        tokyoParts(slot.startsAt).time,
        tokyoParts(slot.endsAt).time,
        String(row.memberId),
        name,
        EVENT_RESERVATION_STATE_LABELS[row.state as EventReservationState],
        tokyoText(row.bookedAt),
        EVENT_RESERVATION_SOURCE_LABELS[row.source as keyof typeof EVENT_RESERVATION_SOURCE_LABELS],
        tokyoText(row.cancelledAt),
        tokyoText(row.attendedAt),
        ...questions.map((question) => answers.get(question.var_id) ?? ''),
      ]),
    );
  }
  return Buffer.concat([csvStart(encoding), encodeCsv(lines.join(''), encoding)]);
}
