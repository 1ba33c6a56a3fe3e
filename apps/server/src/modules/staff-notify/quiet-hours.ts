/**
 * Quiet hours (decision 0281): a window of Tokyo clock times, `from` to `until`, that may cross
 * midnight (22:00–07:00). Business time is Asia/Tokyo (UTC+9, no daylight saving), never the
 * machine's zone.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since Tokyo midnight of `at`. */
function tokyoMinutes(at: Date) {
  const ms = (((at.getTime() + TOKYO_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / 60_000);
}

export interface QuietHours {
  from: string | null;
  until: string | null;
}

/** When the quiet window holding `at` ends, or null when `at` is outside it (or none is set). */
export function quietUntil(at: Date, quiet: QuietHours): Date | null {
  if (!quiet.from || !quiet.until) return null;
  const from = minutesOf(quiet.from);
  const until = minutesOf(quiet.until);
  const now = tokyoMinutes(at);
  const inside = from < until ? now >= from && now < until : now >= from || now < until;
  if (!inside) return null;
  const wait = (until - now + 24 * 60) % (24 * 60);
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  return new Date(startOfMinute + wait * 60_000);
}
