import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from '../api/settings-keys';

/** Japan's public holidays by date value (`2025-01-01` → 元日). */
export type HolidayNames = Readonly<Record<string, string>>;

/**
 * The holiday data of @holiday-jp/holiday_jp (1970–2050, maintained upstream) is large, so it is
 * its own chunk, loaded only when the opening calendar is on screen (decision 0107). Its keys
 * are plain `YYYY-MM-DD` strings: no Date, no time zone.
 */
export async function loadHolidays(): Promise<HolidayNames> {
  const data = (await import('@holiday-jp/holiday_jp/lib/holidays')).default as Record<
    string,
    { name: string }
  >;
  return Object.fromEntries(Object.entries(data).map(([date, holiday]) => [date, holiday.name]));
}

/** The calendar works without them: until loaded (or if loading fails) no day is marked. */
export function useHolidays(): HolidayNames {
  const query = useQuery({
    queryKey: settingsKeys.holidays(),
    queryFn: loadHolidays,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data ?? {};
}
