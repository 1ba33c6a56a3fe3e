import { RESERVATION_STATUS } from '@tsunagu/contracts';
import { and, between, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import {
  episodes,
  episodeSteps,
  linePushes,
  members,
  messageTemplates,
  salonEpisodes,
  salonReservations,
  salons,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const { confirmed } = RESERVATION_STATUS;

/** Push keys of the scheduler (decision 0167): a re-timed reservation gets new ones. */
export const stepKeys = {
  booked: (stepId: number, reservationId: number) => `epi:${stepId}:r${reservationId}`,
  visit: (stepId: number, reservationId: number, date: string, from: string) =>
    `epi:${stepId}:r${reservationId}:${date}T${from}`,
  followed: (stepId: number, memberId: number, followedAt: Date) =>
    `fol:${stepId}:m${memberId}:${Math.floor(followedAt.getTime() / 1000)}`,
};

export type RunningStep = {
  salonId: number;
  accountId: number;
  /** When the salon attached its episode or follow: nothing anchored earlier is sent. */
  since: Date;
  stepId: number;
  anchor: string;
  offsetDays: number;
  atTime: string | null;
  messages: unknown[];
  addTagIds: number[];
  removeTagIds: number[];
};

/**
 * Every step the salons run now: of each salon's episode and follow that are not deleted, the
 * steps whose template still exists, with the template's messages.
 */
export async function runningSteps(db: Executor): Promise<RunningStep[]> {
  const rows = [];
  for (const [attached, since] of [
    [salonEpisodes.episodeId, salonEpisodes.episodeSince],
    [salonEpisodes.followId, salonEpisodes.followSince],
  ] as const) {
    rows.push(
      ...(await db
        .select({
          salonId: salonEpisodes.salonId,
          accountId: salons.accountId,
          since,
          stepId: episodeSteps.id,
          anchor: episodeSteps.anchor,
          offsetDays: episodeSteps.offsetDays,
          atTime: episodeSteps.atTime,
          messages: messageTemplates.messages,
          addTagIds: episodeSteps.addTagIds,
          removeTagIds: episodeSteps.removeTagIds,
        })
        .from(salonEpisodes)
        .innerJoin(salons, eq(salons.id, salonEpisodes.salonId))
        .innerJoin(episodes, and(eq(episodes.id, attached), isNull(episodes.hidAt)))
        .innerJoin(episodeSteps, eq(episodeSteps.episodeId, episodes.id))
        .innerJoin(messageTemplates, eq(messageTemplates.id, episodeSteps.templateId))
        .where(isNotNull(since))),
    );
  }
  return rows.map((row) => ({ ...row, since: row.since! }));
}

const reservationColumns = {
  id: salonReservations.id,
  memberId: salonReservations.memberId,
  date: salonReservations.date,
  from: salonReservations.fromTime,
  createdAt: salonReservations.createdAt,
};

/** The salon's confirmed reservations of a friend made between the two instants. */
export async function bookedBetween(db: Executor, salonId: number, from: Date, to: Date) {
  return db
    .select(reservationColumns)
    .from(salonReservations)
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        eq(salonReservations.status, confirmed),
        isNotNull(salonReservations.memberId),
        between(salonReservations.createdAt, from, to),
      ),
    );
}

/** The salon's confirmed reservations of a friend on these dates. */
export async function confirmedOnDates(db: Executor, salonId: number, dates: string[]) {
  return db
    .select(reservationColumns)
    .from(salonReservations)
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        eq(salonReservations.status, confirmed),
        isNotNull(salonReservations.memberId),
        inArray(salonReservations.date, dates),
      ),
    );
}

/** The account's following friends who followed between the two instants. */
export async function followedBetween(db: Executor, accountId: number, from: Date, to: Date) {
  return db
    .select({ id: members.id, followedAt: members.followedAt })
    .from(members)
    .where(
      and(
        eq(members.accountId, accountId),
        eq(members.followState, 'following'),
        between(members.followedAt, from, to),
      ),
    );
}

/**
 * Queued step pushes of reservations that are no longer confirmed or were moved (a visit key no
 * longer names its date and start): their account and key, to withdraw.
 */
export async function staleQueuedSteps(db: Executor) {
  const queued = await db
    .select({ accountId: linePushes.accountId, key: linePushes.dedupeKey })
    .from(linePushes)
    .where(and(eq(linePushes.state, 'queued'), like(linePushes.dedupeKey, 'epi:%')));
  if (queued.length === 0) return [];
  const parsed = queued.map((row) => {
    const [, , reservation, stamp] = row.key!.split(':');
    return { ...row, key: row.key!, reservationId: Number(reservation!.slice(1)), stamp };
  });
  const live = await db
    .select({
      id: salonReservations.id,
      stamp: sql<string>`${salonReservations.date}::text || 'T' || ${salonReservations.fromTime}`,
    })
    .from(salonReservations)
    .where(
      and(
        inArray(
          salonReservations.id,
          parsed.map((row) => row.reservationId),
        ),
        eq(salonReservations.status, confirmed),
      ),
    );
  const current = new Map(live.map((row) => [row.id, row.stamp]));
  return parsed.filter((row) => {
    const stamp = current.get(row.reservationId);
    if (stamp === undefined) return true;
    // A visit key is `epi:{step}:r{id}:{date}T{from}` (split on ':' cuts the time's colon).
    return row.stamp !== undefined && !row.key.endsWith(`:${stamp}`);
  });
}
