import { todayInTokyo } from '@tsunagu/contracts';

const TOKYO_OFFSET_MINUTES = 9 * 60;

/**
 * An instant as the engine reads the present: the Tokyo date and minutes since its midnight.
 * Tokyo has no daylight saving, so the minutes are the UTC minutes moved by +09:00; the date
 * comes from the contracts' helper, which names the zone (the machine's never enters).
 */
export function tokyoNow(instant: Date): { date: string; minutes: number } {
  const utcMinutes = Math.floor(instant.getTime() / 60_000);
  const minutes = (((utcMinutes + TOKYO_OFFSET_MINUTES) % 1440) + 1440) % 1440;
  return { date: todayInTokyo(instant), minutes };
}
