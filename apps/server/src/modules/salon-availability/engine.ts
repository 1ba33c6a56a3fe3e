import {
  addDaysToDateValue,
  epochDayOfDateValue,
  type AvailabilityReason,
  type OpeningDay,
} from '@tsunagu/contracts';
import { minutesOf, timeOf } from '../../lib/business-time.js';

/**
 * The availability engine (issue 12, decision 0100): which start times of a course are free in
 * a date range, and why each other one is not. Pure — no database, no clock, no time zone: the
 * loader hands in every input, `now` included, as Tokyo wall-clock dates and minutes.
 */

/** Minutes since midnight, half-open `[from, to)`. */
export interface Interval {
  from: number;
  to: number;
}

export interface Busy extends Interval {
  /** `booked`: an active reservation (main or sub resource); `blocked`: a block time. */
  kind: 'booked' | 'blocked';
}

export interface EngineResource {
  id: number;
  /** Display order (then id): the last tie-break of 指名なし. */
  order: number;
  /** Staff work in shifts; rooms and equipment are there whenever the salon is open. */
  needsShift: boolean;
  /** false when the resource–course matrix unlinks this resource from the course. */
  offersCourse: boolean;
}

export interface BookingRules {
  slotIntervalMinutes: number;
  /** The last bookable date is today + this many days. */
  acceptDaysAhead: number;
  /** A slot must start at least this many hours from now. */
  acceptHoursBefore: number;
}

export interface AvailabilityInput {
  /** Inclusive `YYYY-MM-DD` Tokyo dates. */
  range: { start: string; end: string };
  durationMinutes: number;
  rules: BookingRules;
  /** The present as a Tokyo date and minutes since its midnight. */
  now: { date: string; minutes: number };
  /** The opening entry of every date of the range (date override, else weekday). */
  openings: ReadonlyMap<string, OpeningDay>;
  /** The resources asked for: one when a staff member is named, every able one for 指名なし. */
  resources: readonly EngineResource[];
  /** Shift intervals by `dayKey(resourceId, date)` (only needed for `needsShift` resources). */
  shifts: ReadonlyMap<string, readonly Interval[]>;
  /** Reservations and block times by `dayKey(resourceId, date)`. */
  busy: ReadonlyMap<string, readonly Busy[]>;
}

export type SlotResult =
  | { from: string; to: string; available: true; resourceId: number }
  | { from: string; to: string; available: false; reason: AvailabilityReason };

export interface DayResult {
  date: string;
  slots: SlotResult[];
}

export const dayKey = (resourceId: number, date: string) => `${resourceId}|${date}`;

/**
 * The order the checks run in (decision 0100): the salon's calendar, then the booking window,
 * then the resource. The first failing check is a resource's reason; for 指名なし the reason
 * is the one of the resource that came furthest (the latest in this list).
 */
export const REASON_ORDER: readonly AvailabilityReason[] = [
  'closed_day',
  'outside_hours',
  'too_soon',
  'too_far_ahead',
  'not_offered',
  'no_shift',
  'blocked',
  'booked',
];

const overlaps = (a: Interval, b: Interval) => a.from < b.to && b.from < a.to;

/** Sorted, with overlapping and touching intervals joined: the union as disjoint pieces. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const interval of [...intervals].sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to);
    else merged.push({ ...interval });
  }
  return merged;
}

/** Whether `slot` lies inside one piece of a merged union (touching shifts join up). */
function coveredByMerged(merged: readonly Interval[], slot: Interval): boolean {
  for (const piece of merged) if (piece.from <= slot.from && slot.to <= piece.to) return true;
  return false;
}

/**
 * The start times every day of the range is shown with: multiples of the interval from the
 * earliest opening to the latest closing of the range's open days, so a week reads as one grid
 * (a day with shorter hours shows `outside_hours` at its edges).
 */
export function gridOf(input: AvailabilityInput): number[] {
  const entries = [...input.openings.values()];
  const open = entries.filter((day) => day.is_open);
  const days = open.length > 0 ? open : entries;
  if (days.length === 0) return [];
  const step = input.rules.slotIntervalMinutes;
  const first = Math.floor(Math.min(...days.map((day) => minutesOf(day.from))) / step) * step;
  const last = Math.max(...days.map((day) => minutesOf(day.to)));
  const starts: number[] = [];
  for (let start = first; start < last && start + input.durationMinutes <= 1440; start += step)
    starts.push(start);
  return starts;
}

/** One resource on one date, prepared once for every start time of the day. */
interface ResourceDay {
  resource: EngineResource;
  shifts: Interval[];
  busy: readonly Busy[];
  /** Minutes of reservations held that day: the fairness measure of 指名なし. */
  bookedMinutes: number;
}

function resourceDay(input: AvailabilityInput, resource: EngineResource, date: string) {
  const key = dayKey(resource.id, date);
  const busy = input.busy.get(key) ?? [];
  let bookedMinutes = 0;
  for (const entry of busy) if (entry.kind === 'booked') bookedMinutes += entry.to - entry.from;
  return { resource, shifts: mergeIntervals(input.shifts.get(key) ?? []), busy, bookedMinutes };
}

/** The first reason a resource cannot take `slot`, or null when it can. */
function resourceReason(day: ResourceDay, slot: Interval): AvailabilityReason | null {
  if (!day.resource.offersCourse) return 'not_offered';
  if (day.resource.needsShift && !coveredByMerged(day.shifts, slot)) return 'no_shift';
  let booked = false;
  for (const entry of day.busy) {
    if (!overlaps(entry, slot)) continue;
    if (entry.kind === 'blocked') return 'blocked';
    booked = true;
  }
  return booked ? 'booked' : null;
}

/** One date as the salon sees it, prepared once for every start time of the day. */
interface SalonDay {
  /** The opening hours in minutes, or null on a closed day. */
  open: Interval | null;
  /** Minutes from now to the date's midnight: a slot starts this + its start from now. */
  minutesToDate: number;
  /** After the last bookable date (today + accept_days_ahead). */
  tooFarAhead: boolean;
}

/** The reason shared by every resource: the salon's calendar and the booking window. */
function salonReason(
  input: AvailabilityInput,
  day: SalonDay,
  slot: Interval,
): AvailabilityReason | null {
  if (!day.open) return 'closed_day';
  if (slot.from < day.open.from || slot.to > day.open.to) return 'outside_hours';
  if (day.minutesToDate + slot.from < input.rules.acceptHoursBefore * 60) return 'too_soon';
  if (day.tooFarAhead) return 'too_far_ahead';
  return null;
}

/**
 * 指名なし (decision 0101): among the free resources, the one with the fewest booked minutes
 * that day, then the first in display order, then the lowest id. The day's resources are
 * sorted by it once, so each start time takes the first free one and stops looking.
 */
function fairness(a: ResourceDay, b: ResourceDay): number {
  return (
    a.bookedMinutes - b.bookedMinutes ||
    a.resource.order - b.resource.order ||
    a.resource.id - b.resource.id
  );
}

/** One start time of the grid with its times as the API spells them, spelled once per call. */
interface GridStart {
  slot: Interval;
  times: { from: string; to: string };
}

/** One start time of one day: offered with its resource, or refused with the reason. */
function slotResult(
  input: AvailabilityInput,
  salonDay: SalonDay,
  { slot, times }: GridStart,
  fairestFirst: readonly ResourceDay[],
): SlotResult {
  const shared = salonReason(input, salonDay, slot);
  if (shared) return { ...times, available: false, reason: shared };
  let furthest = -1;
  for (const day of fairestFirst) {
    const reason = resourceReason(day, slot);
    if (reason === null) return { ...times, available: true, resourceId: day.resource.id };
    furthest = Math.max(furthest, REASON_ORDER.indexOf(reason));
  }
  return { ...times, available: false, reason: REASON_ORDER[furthest] ?? 'not_offered' };
}

/** Every day of the range with every start time of the grid. */
export function availability(input: AvailabilityInput): DayResult[] {
  const grid: GridStart[] = gridOf(input).map((start) => {
    const slot = { from: start, to: start + input.durationMinutes };
    return { slot, times: { from: timeOf(slot.from), to: timeOf(slot.to) } };
  });
  const today = epochDayOfDateValue(input.now.date);
  const lastDate = addDaysToDateValue(input.now.date, input.rules.acceptDaysAhead);
  const results: DayResult[] = [];
  for (let date = input.range.start; date <= input.range.end; date = addDaysToDateValue(date, 1)) {
    const opening = input.openings.get(date);
    const salonDay: SalonDay = {
      open: opening?.is_open ? { from: minutesOf(opening.from), to: minutesOf(opening.to) } : null,
      minutesToDate: (epochDayOfDateValue(date) - today) * 1440 - input.now.minutes,
      tooFarAhead: date > lastDate,
    };
    const fairestFirst = input.resources
      .map((resource) => resourceDay(input, resource, date))
      .sort(fairness);
    results.push({
      date,
      slots: grid.map((start) => slotResult(input, salonDay, start, fairestFirst)),
    });
  }
  return results;
}
