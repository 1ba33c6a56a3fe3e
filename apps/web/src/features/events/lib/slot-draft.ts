import { tokyoIso, tokyoParts } from '@/lib/tokyo-wall-clock';

/** A Tokyo date and time as the organiser types them ('' while empty). */
export type WallClock = { date: string; time: string };

export const emptyWallClock: WallClock = { date: '', time: '' };

/** Which instant a wall clock names, or null when it is empty or incomplete. */
export const clockIso = (clock: WallClock) => tokyoIso(clock.date, clock.time);

export const clockOf = (iso: string | null | undefined): WallClock =>
  iso ? tokyoParts(iso) : emptyWallClock;
