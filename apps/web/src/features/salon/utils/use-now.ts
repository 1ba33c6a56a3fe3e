import { useEffect, useState } from 'react';
import { todayInTokyo } from '@tsunagu/contracts';
import { minutesNowInTokyo } from './dates';

/** Minutes since Tokyo midnight while `date` is today, refreshed every minute; else null. */
export function useNowLine(date: string): number | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return todayInTokyo(now) === date ? minutesNowInTokyo(now) : null;
}
