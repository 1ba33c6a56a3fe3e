import { describe, expect, it } from 'vitest';
import type { EventReservation } from '../api/event-types';
import { reservationsCsv } from './reservations-csv';

const slot = { id: 7, starts_at: '2026-12-05T01:00:00Z', ends_at: '2026-12-05T03:00:00Z' };
const row = (patch: Partial<EventReservation>): EventReservation => ({
  id: 1,
  slot_id: 7,
  member_id: 41,
  display_name: '山田 花子',
  created_at: '2026-11-26T14:59:00Z',
  state: 'booked',
  answers: [],
  by_staff: false,
  ...patch,
});

describe('the event reservations CSV', () => {
  it('opens in Excel as Japanese text: BOM, CRLF, Tokyo times, state names, one column per question', () => {
    const text = reservationsCsv(
      [slot],
      [
        row({ answers: [{ label: '人数', value: '2' }] }),
        row({
          id: 2,
          display_name: '=HYPERLINK("x")',
          state: 'cancelled_notice',
          by_staff: true,
          answers: [{ label: 'ご要望', value: '窓際, "静か"' }],
        }),
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"日時","友だち","友だちID","予約日時","状態","受付","人数","ご要望"');
    expect(lines[1]).toBe(
      '"12月5日(土) 10:00〜12:00","山田 花子","41","2026/11/26 23:59","予約","本人","2",""',
    );
    expect(lines[2]).toContain('"\'=HYPERLINK(""x"")"');
    expect(lines[2]).toContain('"連絡ありキャンセル","スタッフ","","窓際, ""静か"""');
  });
});
