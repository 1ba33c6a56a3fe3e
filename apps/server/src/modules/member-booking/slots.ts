import { addDaysToDateValue, daysBetweenDateValues, type SalonConfig } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { minutesOf } from '../../lib/business-time.js';
import { availability, loadAvailabilityInput } from '../salon-availability/index.js';
import type { ConfigService } from '../salon-configs/index.js';

/** How many nearby free slots a 409 offers, and how far around the asked day it looks. */
export const ALTERNATIVE_COUNT = 5;
const ALTERNATIVE_DAYS_BEFORE = 3;
const ALTERNATIVE_DAYS_AFTER = 7;

export interface SlotAsk {
  salonId: number;
  config: SalonConfig;
  courseId: number;
  /** null = 指名なし */
  resourceId: number | null;
  date: string;
  from: string;
}

/**
 * The engine's word on one start time for the booking page (audience `online`): the slot with
 * its end and the staff member it assigns (指名なし included), or null when it is not offered.
 */
export async function offeredSlot(
  db: Database,
  configs: ConfigService,
  ask: SlotAsk,
  now: Date,
): Promise<{ to: string; resourceId: number } | null> {
  const { input } = await loadAvailabilityInput(db, configs, {
    config: ask.config,
    salonId: ask.salonId,
    courseId: ask.courseId,
    resourceId: ask.resourceId,
    range: { start: ask.date, end: ask.date },
    now,
    audience: 'online',
  });
  const slot = availability(input)[0]?.slots.find((candidate) => candidate.from === ask.from);
  return slot?.available ? { to: slot.to, resourceId: slot.resourceId } : null;
}

/** The free slots nearest (in time, either way) to the one asked for, for a 409. */
export async function nearestSlots(
  db: Database,
  configs: ConfigService,
  ask: SlotAsk,
  now: Date,
): Promise<{ date: string; from: string; to: string }[]> {
  const range = {
    start: addDaysToDateValue(ask.date, -ALTERNATIVE_DAYS_BEFORE),
    end: addDaysToDateValue(ask.date, ALTERNATIVE_DAYS_AFTER),
  };
  const { input } = await loadAvailabilityInput(db, configs, {
    config: ask.config,
    salonId: ask.salonId,
    courseId: ask.courseId,
    resourceId: ask.resourceId,
    range,
    now,
    audience: 'online',
  });
  const target = minutesOf(ask.from);
  const distance = (date: string, from: string) =>
    Math.abs(daysBetweenDateValues(ask.date, date) * 1440 + minutesOf(from) - target);
  return availability(input)
    .flatMap((day) =>
      day.slots
        .filter((slot) => slot.available)
        .map((slot) => ({ date: day.date, from: slot.from, to: slot.to })),
    )
    .filter((slot) => !(slot.date === ask.date && slot.from === ask.from))
    .sort((a, b) => distance(a.date, a.from) - distance(b.date, b.from))
    .slice(0, ALTERNATIVE_COUNT);
}
