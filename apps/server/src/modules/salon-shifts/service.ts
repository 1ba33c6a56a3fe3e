import {
  CATALOG_MESSAGES,
  SHIFT_MESSAGES,
  TIME_SHIFT,
  type TimeShift,
  type TimeShiftInput,
  type TimeShiftUpdate,
  daysBetweenDateValues,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { resourceReader } from '../salon-resources/index.js';
import {
  expandShifts,
  occurrenceDates,
  selfIdOf,
  type DateRange,
  type ShiftMaster,
} from './expand.js';
import * as repository from './repository.js';

export type ShiftDeleteType = (typeof TIME_SHIFT.deleteTypes)[number];

/** The occurrences of some resources in a range, patches applied. */
export async function shiftsOf(
  db: Executor,
  salonId: number,
  range: DateRange,
  resourceIds?: number[],
): Promise<TimeShift[]> {
  const masters = await repository.mastersInRange(db, salonId, range, resourceIds);
  const patches = await repository.patchesInRange(
    db,
    salonId,
    masters.map((master) => master.id),
    range,
  );
  return expandShifts(masters, patches, range);
}

function requireOccurrence(master: ShiftMaster, date: string | undefined, selfId?: string) {
  if (!date) throw fieldError('date', SHIFT_MESSAGES.dateRequired);
  if (selfId !== undefined && selfId !== selfIdOf(master.id, date))
    throw fieldError('self_id', SHIFT_MESSAGES.selfIdMismatch);
  if (occurrenceDates(master, { start: date, end: date }).length === 0)
    throw fieldError('date', SHIFT_MESSAGES.notAnOccurrence);
  return date;
}

export function createShiftService(deps: { db: Database }) {
  const { db } = deps;

  async function requireResource(executor: Executor, salonId: number, resourceId: number) {
    if (!(await resourceReader.exists(executor, salonId, resourceId)))
      throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
  }

  async function lockMaster(tx: Executor, salonId: number, resourceId: number, id: number) {
    await requireResource(tx, salonId, resourceId);
    const master = await repository.lockMaster(tx, salonId, resourceId, id);
    if (!master) throw new NotFoundError(SHIFT_MESSAGES.notFound);
    return master;
  }

  function checkRange(range: DateRange): void {
    if (daysBetweenDateValues(range.start, range.end) + 1 > TIME_SHIFT.maxRangeDays)
      throw fieldError('range_date', SHIFT_MESSAGES.rangeTooLong);
  }

  return {
    /** RSV-50: a range is at most TIME_SHIFT.maxRangeDays long (422 otherwise). */
    checkRange,

    /** RSV-50: occurrences of `range` (at most TIME_SHIFT.maxRangeDays), optionally of one resource. */
    async list(salonId: number, range: DateRange, resourceId?: number): Promise<TimeShift[]> {
      checkRange(range);
      return shiftsOf(db, salonId, range, resourceId === undefined ? undefined : [resourceId]);
    },

    /** RSV-51 */
    async create(salonId: number, resourceId: number, input: TimeShiftInput): Promise<number> {
      await requireResource(db, salonId, resourceId);
      return repository.insertMaster(db, salonId, {
        resourceId,
        startDate: input.start_date,
        repeat: input.repeat,
        fromTime: input.from,
        toTime: input.to,
        description: input.description,
      });
    },

    /**
     * RSV-52. `all` changes the master; `only` records a one-day change for `date`; `after`
     * ends the series before `date` and starts a new one there with the new values.
     * Returns the id of the master that now holds the change.
     */
    async update(
      salonId: number,
      resourceId: number,
      masterId: number,
      input: TimeShiftUpdate,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const master = await lockMaster(tx, salonId, resourceId, masterId);
        const values = {
          repeat: input.repeat,
          fromTime: input.from,
          toTime: input.to,
          description: input.description,
        };
        if (input.type === 'only') {
          const date = requireOccurrence(master, input.date, input.self_id);
          await repository.upsertPatch(tx, salonId, {
            masterId,
            date,
            patchType: 'changed',
            from: input.from,
            to: input.to,
            description: input.description,
          });
          return masterId;
        }
        if (input.type === 'after') {
          const date = requireOccurrence(master, input.date, input.self_id);
          if (date > master.startDate) {
            await repository.updateMaster(tx, salonId, masterId, { expiredAt: date });
            await repository.deletePatchesFrom(tx, salonId, masterId, date);
            return repository.insertMaster(tx, salonId, {
              ...values,
              resourceId,
              startDate: date,
              expiredAt: master.expiredAt,
            });
          }
          await repository.updateMaster(tx, salonId, masterId, values);
          return masterId;
        }
        if (master.expiredAt !== null && input.start_date >= master.expiredAt)
          throw fieldError('start_date', SHIFT_MESSAGES.startBeforeExpiry);
        await repository.updateMaster(tx, salonId, masterId, {
          ...values,
          startDate: input.start_date,
        });
        return masterId;
      });
    },

    /**
     * RSV-53/54: `only` removes the occurrence of `date`; `after` ends the series before
     * `date` (sets expired_at; from the first occurrence on, the master goes); `permanently`
     * removes the master and its patches.
     */
    async remove(
      salonId: number,
      resourceId: number,
      masterId: number,
      type: ShiftDeleteType,
      date?: string,
      selfId?: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const master = await lockMaster(tx, salonId, resourceId, masterId);
        if (type === 'permanently') {
          await repository.deleteMaster(tx, salonId, masterId);
          return;
        }
        const day = requireOccurrence(master, date, selfId);
        if (type === 'only') {
          await repository.upsertPatch(tx, salonId, {
            masterId,
            date: day,
            patchType: 'removed',
            from: master.from,
            to: master.to,
            description: master.description,
          });
          return;
        }
        if (day <= master.startDate) {
          await repository.deleteMaster(tx, salonId, masterId);
          return;
        }
        await repository.updateMaster(tx, salonId, masterId, { expiredAt: day });
        await repository.deletePatchesFrom(tx, salonId, masterId, day);
      });
    },
  };
}

export type ShiftService = ReturnType<typeof createShiftService>;
