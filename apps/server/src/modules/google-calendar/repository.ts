import { and, asc, desc, eq, gte, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  googleCalendarAssociations,
  googleTokens,
  salonTimeShifts,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { ImportedShift } from './import.js';
import type { GoogleTokenSet } from './provider.js';

export type TokenRow = typeof googleTokens.$inferSelect;
/** What google_tokens stores: both tokens sealed (token-vault.ts), the expiry in clear. */
export type SealedTokenSet = GoogleTokenSet;
export type AssociationRow = typeof googleCalendarAssociations.$inferSelect;

/** The salon's most recently connected account. */
export async function latestToken(db: Executor, salonId: number): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(googleTokens)
    .where(eq(googleTokens.salonId, salonId))
    .orderBy(desc(googleTokens.createdAt), desc(googleTokens.id))
    .limit(1);
  return row;
}

export async function findToken(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select()
    .from(googleTokens)
    .where(and(eq(googleTokens.salonId, salonId), eq(googleTokens.id, id)));
  return row;
}

/** Stores the (sealed) tokens of an account, replacing those of an earlier connection of it. */
export async function upsertToken(
  db: Executor,
  salonId: number,
  email: string,
  tokens: SealedTokenSet,
): Promise<number> {
  const values = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  };
  const [row] = await db
    .insert(googleTokens)
    .values({ salonId, email, ...values })
    .onConflictDoUpdate({
      target: [googleTokens.salonId, googleTokens.email],
      // Connected again: a grant that lacked the events scope may have it now (decision 0295).
      set: { ...values, writeDeniedAt: null, createdAt: sql`now()` },
    })
    .returning({ id: googleTokens.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function updateTokens(db: Executor, id: number, tokens: SealedTokenSet) {
  await db
    .update(googleTokens)
    .set({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
    })
    .where(eq(googleTokens.id, id));
}

/** Google refused a write on this account for want of the events scope (decision 0295). */
export async function markWriteDenied(db: Executor, id: number) {
  await db
    .update(googleTokens)
    .set({ writeDeniedAt: sql`now()` })
    .where(eq(googleTokens.id, id));
}

export async function listAssociations(db: Executor, salonId: number): Promise<AssociationRow[]> {
  return db
    .select()
    .from(googleCalendarAssociations)
    .where(eq(googleCalendarAssociations.salonId, salonId))
    .orderBy(asc(googleCalendarAssociations.id));
}

export async function lockAssociation(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select()
    .from(googleCalendarAssociations)
    .where(
      and(eq(googleCalendarAssociations.salonId, salonId), eq(googleCalendarAssociations.id, id)),
    )
    .for('update');
  return row;
}

/** One association per resource and purpose: linking again replaces the calendar. */
export async function upsertAssociation(
  db: Executor,
  values: Omit<typeof googleCalendarAssociations.$inferInsert, 'id' | 'createdAt'>,
): Promise<number> {
  const [row] = await db
    .insert(googleCalendarAssociations)
    .values(values)
    .onConflictDoUpdate({
      target: [googleCalendarAssociations.resourceId, googleCalendarAssociations.purpose],
      set: {
        tokenId: values.tokenId,
        googleCalendarId: values.googleCalendarId,
        calendarSummary: values.calendarSummary ?? '',
        lastSyncedAt: values.lastSyncedAt ?? null,
      },
    })
    .returning({ id: googleCalendarAssociations.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function markSynced(db: Executor, id: number) {
  await db
    .update(googleCalendarAssociations)
    .set({ lastSyncedAt: sql`now()` })
    .where(eq(googleCalendarAssociations.id, id));
}

export async function deleteAssociation(db: Executor, salonId: number, id: number) {
  await db
    .delete(googleCalendarAssociations)
    .where(
      and(eq(googleCalendarAssociations.salonId, salonId), eq(googleCalendarAssociations.id, id)),
    );
}

/**
 * Makes the resource's imported shifts of the window exactly `shifts`: new events inserted,
 * changed ones updated in place (keyed by event id), vanished ones deleted. Running it twice
 * with the same events changes nothing.
 */
export async function replaceImportedShifts(
  db: Executor,
  salonId: number,
  resourceId: number,
  window: { start: string; end: string },
  shifts: ImportedShift[],
): Promise<{ removed: number }> {
  const inWindow = and(
    eq(salonTimeShifts.salonId, salonId),
    eq(salonTimeShifts.resourceId, resourceId),
    eq(salonTimeShifts.source, 'google'),
    isNotNull(salonTimeShifts.externalId),
    gte(salonTimeShifts.startDate, window.start),
    lt(salonTimeShifts.startDate, window.end),
  );
  const keep = shifts.map((shift) => shift.externalId);
  const removed = await db
    .delete(salonTimeShifts)
    .where(keep.length > 0 ? and(inWindow, notInArray(salonTimeShifts.externalId, keep)) : inWindow)
    .returning({ id: salonTimeShifts.id });
  if (shifts.length > 0) {
    await db
      .insert(salonTimeShifts)
      .values(
        shifts.map((shift) => ({
          salonId,
          resourceId,
          startDate: shift.date,
          repeat: 'none',
          fromTime: shift.from,
          toTime: shift.to,
          description: shift.description,
          source: 'google',
          externalId: shift.externalId,
        })),
      )
      .onConflictDoUpdate({
        target: [salonTimeShifts.resourceId, salonTimeShifts.externalId],
        targetWhere: sql`${salonTimeShifts.externalId} is not null`,
        set: {
          startDate: sql`excluded.start_date`,
          fromTime: sql`excluded.from_time`,
          toTime: sql`excluded.to_time`,
          description: sql`excluded.description`,
          repeat: 'none',
          expiredAt: null,
        },
      });
  }
  return { removed: removed.length };
}
