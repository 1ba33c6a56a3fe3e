import type { OpeningConfig } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import * as repository from './repository.js';

/** The opening hours a salon has before it saves its own for a year. */
export function defaultOpening(year: number): OpeningConfig {
  return {
    year,
    weekdays: Array.from({ length: 7 }, () => ({ is_open: true, from: '10:00', to: '20:00' })),
    dates: {},
    is_saved: false,
  };
}

/** A salon's opening hours of a year (the defaults until saved), read on any executor. */
export async function readOpening(
  executor: Executor,
  salonId: number,
  year: number,
): Promise<OpeningConfig> {
  const row = await repository.findOpening(executor, salonId, year);
  if (!row) return defaultOpening(year);
  return {
    year,
    weekdays: row.weekdays as OpeningConfig['weekdays'],
    dates: row.dates as OpeningConfig['dates'],
    is_saved: true,
  };
}
