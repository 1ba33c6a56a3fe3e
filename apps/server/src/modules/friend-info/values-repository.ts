import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  memberVarValues,
  members,
  salonCourses,
  salonReservations,
  salons,
  varItems,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { FRIEND_RESERVATIONS_LIMIT } from '@tsunagu/contracts';

/** A friend's values and reservations; the friend is first found among the account's own. */

export async function isOwnFriend(db: Executor, accountId: number, memberId: number) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return row !== undefined;
}

/** Locks the friend for the write (two saves of one friend apply one after the other). */
export async function lockOwnFriend(db: Executor, accountId: number, memberId: number) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)))
    .for('update');
  return row !== undefined;
}

/** `share`: the items (and so their choices, edited under the item's lock) stay as read. */
export async function itemsByIds(db: Executor, accountId: number, ids: number[], share = false) {
  if (ids.length === 0) return [];
  const query = db
    .select({ id: varItems.id, name: varItems.name, type: varItems.type })
    .from(varItems)
    .where(and(eq(varItems.accountId, accountId), inArray(varItems.id, ids)))
    .orderBy(asc(varItems.id));
  return share ? query.for('share') : query;
}

export type ValueRow = {
  varId: number;
  textValue: string | null;
  numberValue: number | null;
  dateValue: string | null;
  choiceId: number | null;
};

export async function valuesOf(db: Executor, memberId: number): Promise<ValueRow[]> {
  return db
    .select({
      varId: memberVarValues.varId,
      textValue: memberVarValues.textValue,
      numberValue: memberVarValues.numberValue,
      dateValue: memberVarValues.dateValue,
      choiceId: memberVarValues.choiceId,
    })
    .from(memberVarValues)
    .where(eq(memberVarValues.memberId, memberId))
    .orderBy(asc(memberVarValues.varId), asc(memberVarValues.id));
}

/** Replaces the friend's values of `varIds` with `rows` (none: cleared). */
export async function replaceValues(
  db: Executor,
  memberId: number,
  varIds: number[],
  rows: ValueRow[],
) {
  if (varIds.length === 0) return;
  await db
    .delete(memberVarValues)
    .where(and(eq(memberVarValues.memberId, memberId), inArray(memberVarValues.varId, varIds)));
  if (rows.length > 0)
    await db.insert(memberVarValues).values(rows.map((row) => ({ memberId, ...row })));
}

/** The friend's reservations in the account's salons, newest first. */
export async function reservationsOf(db: Executor, accountId: number, memberId: number) {
  return db
    .select({
      id: salonReservations.id,
      salon_id: salons.id,
      salon_name: salons.name,
      date: salonReservations.date,
      from_time: salonReservations.fromTime,
      to_time: salonReservations.toTime,
      course_name: salonCourses.name,
      status: salonReservations.status,
    })
    .from(salonReservations)
    .innerJoin(salons, eq(salons.id, salonReservations.salonId))
    .leftJoin(salonCourses, eq(salonCourses.id, salonReservations.courseId))
    .where(and(eq(salons.accountId, accountId), eq(salonReservations.memberId, memberId)))
    .orderBy(desc(salonReservations.date), desc(salonReservations.fromTime))
    .limit(FRIEND_RESERVATIONS_LIMIT);
}
