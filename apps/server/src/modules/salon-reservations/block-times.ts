import {
  RESERVATION_MAX_RANGE_DAYS,
  RESERVATION_MESSAGES,
  SALON_COMMON_MESSAGES,
  type BlockTime,
  type BlockTimeInput,
  daysBetweenDateValues,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { BlockTimeRow } from './repository.js';
import { clashError, isOverlapViolation } from './rules.js';

function toBlockTime(row: BlockTimeRow): BlockTime {
  return {
    id: row.id,
    date: row.date,
    from: row.fromTime,
    to: row.toTime,
    salon_resource_id: row.resourceId,
    is_confirmed: row.isConfirmed,
    description: row.description,
  };
}

/**
 * Block times (RSV-74..77) take part in the no-double-booking rule: each holds an occupancy
 * row, so a block time cannot overlap a reservation of its resource, nor the other way round.
 */
export function createBlockTimeService(deps: { db: Database }) {
  const { db } = deps;

  async function save(salonId: number, input: BlockTimeInput, id?: number): Promise<number> {
    try {
      return await db.transaction(async (tx) => {
        const [resource] = await repository.resourcesByIds(tx, salonId, [input.salon_resource_id]);
        if (!resource) throw fieldError('salon_resource_id', SALON_COMMON_MESSAGES.notInSalon);
        const values = {
          resourceId: input.salon_resource_id,
          date: input.date,
          fromTime: input.from,
          toTime: input.to,
          isConfirmed: input.is_confirmed,
          description: input.description,
        };
        let blockTimeId = id;
        if (blockTimeId === undefined) {
          blockTimeId = await repository.insertBlockTime(tx, { ...values, salonId });
        } else {
          if (!(await repository.lockBlockTime(tx, salonId, blockTimeId)))
            throw new NotFoundError(RESERVATION_MESSAGES.blockTimeNotFound);
          await repository.updateBlockTime(tx, salonId, blockTimeId, values);
        }
        await repository.occupyForBlockTime(
          tx,
          salonId,
          blockTimeId,
          input.salon_resource_id,
          input,
        );
        return blockTimeId;
      });
    } catch (error) {
      if (!isOverlapViolation(error)) throw error;
      throw await clashError(
        db,
        salonId,
        [input.salon_resource_id],
        input,
        id === undefined ? {} : { blockTimeId: id },
        true,
      );
    }
  }

  return {
    async list(salonId: number, range: { start: string; end: string }, resourceId?: number) {
      if (daysBetweenDateValues(range.start, range.end) + 1 > RESERVATION_MAX_RANGE_DAYS)
        throw fieldError('range_date', RESERVATION_MESSAGES.rangeTooLong);
      return (await repository.listBlockTimes(db, salonId, range, resourceId)).map(toBlockTime);
    },
    create: (salonId: number, input: BlockTimeInput) => save(salonId, input),
    async update(salonId: number, id: number, input: BlockTimeInput): Promise<BlockTime> {
      await save(salonId, input, id);
      const [row] = (
        await repository.listBlockTimes(db, salonId, { start: input.date, end: input.date })
      ).filter((blockTime) => blockTime.id === id);
      if (!row) throw new NotFoundError(RESERVATION_MESSAGES.blockTimeNotFound);
      return toBlockTime(row);
    },
    async remove(salonId: number, id: number): Promise<void> {
      if (!(await repository.deleteBlockTime(db, salonId, id)))
        throw new NotFoundError(RESERVATION_MESSAGES.blockTimeNotFound);
    },
  };
}

export type BlockTimeService = ReturnType<typeof createBlockTimeService>;
