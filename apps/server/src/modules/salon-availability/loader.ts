import {
  AVAILABILITY_MESSAGES,
  addDaysToDateValue,
  openingFor,
  type OpeningDay,
  type SalonConfig,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { minutesOf } from '../../lib/business-time.js';
import { fieldError } from '../../lib/validate.js';
import type { ConfigService } from '../salon-configs/index.js';
import { mastersInRange, patchesInRange } from '../salon-shifts/index.js';
import { dayKey, type AvailabilityInput, type Busy } from './engine.js';
import * as repository from './repository.js';
import { shiftIntervals } from './shift-intervals.js';
import { tokyoNow } from './tokyo-now.js';

/**
 * Gathers the engine's inputs for one salon, course and date range (issue 12). Who may be
 * asked for (decision 0100):
 * - `online` (the booking page): public courses; public staff, named or 指名なし;
 * - `console`: any course; any resource that was not deleted when named, and the same public
 *   staff as the booking page for 指名なし — so staff see what a customer would be offered.
 */
export type Audience = 'online' | 'console';

export interface AvailabilityRequest {
  salonId: number;
  courseId: number;
  /** null = 指名なし */
  resourceId: number | null;
  range: { start: string; end: string };
  now: Date;
  audience: Audience;
  /** The salon's config when the caller has read it already. */
  config?: SalonConfig;
}

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** The opening entry of every date of the range (one config read per calendar year). */
async function openingsOf(
  configs: ConfigService,
  salonId: number,
  range: { start: string; end: string },
): Promise<Map<string, OpeningDay>> {
  const years = new Map<number, Awaited<ReturnType<ConfigService['opening']>>>();
  const openings = new Map<string, OpeningDay>();
  for (let date = range.start; date <= range.end; date = addDaysToDateValue(date, 1)) {
    const year = Number(date.slice(0, 4));
    if (!years.has(year)) years.set(year, await configs.opening(salonId, year));
    const day = openingFor(years.get(year)!, date);
    if (day) openings.set(date, day);
  }
  return openings;
}

/** The staff's shifts of the range as minutes per resource and date. */
async function shiftsOfStaff(
  db: Executor,
  salonId: number,
  range: { start: string; end: string },
  staffIds: number[],
) {
  const masters = await mastersInRange(db, salonId, range, staffIds);
  const patches = await patchesInRange(
    db,
    salonId,
    masters.map((master) => master.id),
    range,
  );
  return shiftIntervals(masters, patches, range);
}

export async function loadAvailabilityInput(
  db: Executor,
  configs: ConfigService,
  request: AvailabilityRequest,
): Promise<{ input: AvailabilityInput; course: { id: number; name: string } }> {
  const { salonId, range, audience } = request;
  const [course, all] = await Promise.all([
    repository.findCourse(db, salonId, request.courseId),
    repository.listResources(db, salonId),
  ]);
  if (!course || (audience === 'online' && !course.isPublic))
    throw fieldError('course_id', AVAILABILITY_MESSAGES.courseNotFound);

  const bookable = all.filter((resource) => resource.kind === 'staff' && resource.isPublic);
  let candidates = bookable;
  if (request.resourceId !== null) {
    const pool = audience === 'online' ? bookable : all;
    const named = pool.find((resource) => resource.id === request.resourceId);
    if (!named) throw fieldError('resource_id', AVAILABILITY_MESSAGES.resourceNotFound);
    candidates = [named];
  }
  const ids = candidates.map((resource) => resource.id);
  const staffIds = candidates.filter((r) => r.kind === 'staff').map((r) => r.id);

  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [config, openings, unlinked, shifts, occupancies] = await Promise.all([
    request.config ?? configs.get(salonId, db),
    openingsOf(configs, salonId, range),
    repository.unlinkedResourceIds(db, salonId, course.id),
    staffIds.length > 0 ? shiftsOfStaff(db, salonId, range, staffIds) : new Map(),
    repository.occupanciesInRange(db, salonId, range, ids),
  ]);

  const busy = new Map<string, Busy[]>();
  for (const row of occupancies)
    push(busy, dayKey(row.resourceId, row.date), {
      from: minutesOf(row.from),
      to: minutesOf(row.to),
      kind: row.booked ? 'booked' : 'blocked',
    });

  return {
    course: { id: course.id, name: course.name },
    input: {
      range,
      durationMinutes: course.durationMinutes,
      rules: {
        slotIntervalMinutes: config.booking.slot_interval_minutes,
        acceptDaysAhead: config.booking.accept_days_ahead,
        acceptHoursBefore: config.booking.accept_hours_before,
      },
      now: tokyoNow(request.now),
      openings,
      resources: candidates.map((resource) => ({
        id: resource.id,
        order: resource.order,
        needsShift: resource.kind === 'staff',
        offersCourse: !unlinked.has(resource.id),
      })),
      shifts,
      busy,
    },
  };
}
