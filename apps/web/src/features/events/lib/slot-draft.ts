import { shiftDate, tokyoIso, tokyoParts } from './event-time';

/** A Tokyo date and time as the organiser types them ('' while empty). */
export type WallClock = { date: string; time: string };

/**
 * A slot as the slots editor holds it: the day, start and end, seats, an optional place of its
 * own, and when booking opens / closes and cancelling ends (each optional: the server's
 * defaults apply when empty).
 */
export type SlotDraft = {
  /** The saved slot's id; null until saved. */
  id: number | null;
  date: string;
  start: string;
  end: string;
  capacity: string;
  place: string;
  opens: WallClock;
  closes: WallClock;
  cancelUntil: WallClock;
};

export const emptyWallClock: WallClock = { date: '', time: '' };

export function newSlotDraft(date = ''): SlotDraft {
  return {
    id: null,
    date,
    start: '10:00',
    end: '11:00',
    capacity: '10',
    place: '',
    opens: emptyWallClock,
    closes: emptyWallClock,
    cancelUntil: emptyWallClock,
  };
}

const shiftClock = (clock: WallClock, days: number): WallClock =>
  clock.date ? { ...clock, date: shiftDate(clock.date, days) } : clock;

/**
 * 「毎週コピー」: the slot on the same weekday for the next `weeks` weeks, every date in it
 * (booking opens / closes, cancel deadline) moved along; the copies are new (unsaved) slots.
 */
export function weeklyCopies(slot: SlotDraft, weeks: number): SlotDraft[] {
  const count = Math.max(0, Math.min(52, Math.floor(weeks)));
  return Array.from({ length: count }, (_, index) => {
    const days = 7 * (index + 1);
    return {
      ...slot,
      id: null,
      date: slot.date ? shiftDate(slot.date, days) : '',
      opens: shiftClock(slot.opens, days),
      closes: shiftClock(slot.closes, days),
      cancelUntil: shiftClock(slot.cancelUntil, days),
    };
  });
}

/** Which instant a wall clock names, or null when it is empty. */
export const clockIso = (clock: WallClock) => tokyoIso(clock.date, clock.time);

export const clockOf = (iso: string | null | undefined): WallClock =>
  iso ? tokyoParts(iso) : emptyWallClock;
