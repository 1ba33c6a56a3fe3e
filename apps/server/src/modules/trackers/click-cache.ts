/**
 * What a click needs before its one insert, kept in memory (decision 0420): a tracker's code
 * names the same tracker of the same account for ever (codes are never reused or changed), so
 * `code → { trackerId, accountId }` is kept without expiry (bounded: cleared when full); the
 * account's channel (the add-friend id, the LINE Login channel and its opened secret, the LIFF
 * id) is kept `CHANNEL_TTL_MS` and read again at once when `version()` moved (LINE連携 saved
 * in this process); another process's change reaches the clicks within the TTL. Whether the tracker is on is NOT cached:
 * the insert itself asks (a stopped tracker records nothing, at once).
 */
export const CHANNEL_TTL_MS = 10_000;
const MAX_CODES = 10_000;

export interface TrackerOfCode {
  trackerId: number;
  accountId: number;
}

export function createClickCache<Channel>(version: () => number, now: () => number = Date.now) {
  const codes = new Map<string, TrackerOfCode>();
  interface Kept {
    value: Channel;
    until: number;
    version: number;
    loading?: Promise<Channel>;
  }
  const channels = new Map<number, Kept>();

  return {
    tracker(code: string) {
      return codes.get(code);
    },
    rememberTracker(code: string, tracker: TrackerOfCode) {
      if (codes.size >= MAX_CODES) codes.clear();
      codes.set(code, tracker);
    },
    forgetTracker(code: string) {
      codes.delete(code);
    },
    /** The account's channel, read by `load` at most once per TTL (concurrent misses share one read). */
    async channel(accountId: number, load: () => Promise<Channel>): Promise<Channel> {
      const kept = channels.get(accountId);
      const seen = version();
      if (kept && kept.until > now() && kept.version === seen) return kept.value;
      if (kept?.loading && kept.version === seen) return kept.loading;
      const loading = load();
      channels.set(accountId, { value: undefined as Channel, until: 0, version: seen, loading });
      try {
        const value = await loading;
        channels.set(accountId, { value, until: now() + CHANNEL_TTL_MS, version: seen });
        return value;
      } catch (error) {
        channels.delete(accountId);
        throw error;
      }
    },
  };
}
