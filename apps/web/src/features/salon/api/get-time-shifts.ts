import { timeShiftSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { rangeParam } from '../utils/dates';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

const timeShiftListSchema = z.array(timeShiftSchema);
type Range = { start: string; end: string };

/** RSV-50: the expanded occurrences of a range, optionally of one resource. */
export async function getTimeShifts(salonId: number, range: Range, resourceId?: number) {
  const resource = resourceId ? `&resource=${resourceId}` : '';
  try {
    return await apiRequest(
      salonPath(salonId, `/time_shifts?range_date=${rangeParam(range)}${resource}`),
      { schema: timeShiftListSchema },
    );
  } catch (error) {
    logFetchFailure('シフト', error);
    throw error;
  }
}

/** The shifts of the displayed month ± 6 days, the window RSV-55 refetches after a write. */
export function useTimeShifts(salonId: number, range: Range) {
  return useQuery({
    queryKey: salonKeys.shiftWindow(salonId, range.start, range.end),
    queryFn: () => getTimeShifts(salonId, range),
    staleTime: 60_000,
  });
}
