import { openingFor, todayInTokyo } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import { readOpening } from '../salon-configs/index.js';

/**
 * Whether the salon is open at `at` (decision 0356): its opening hours of that Tokyo date (the
 * date's own entry first, else its weekday, RSV-15), from ≤ time < to, Tokyo clock time. A closed
 * day is not open.
 */
export async function salonOpenAt(executor: Executor, salonId: number, at: Date) {
  const date = todayInTokyo(at);
  const day = openingFor(await readOpening(executor, salonId, Number(date.slice(0, 4))), date);
  if (!day?.is_open) return false;
  const time = toTokyoIso(at).slice(11, 16);
  return day.from <= time && time < day.to;
}
