import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { memberSessions, members, salons } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The salon of a booking page key, with its account (the scope of its members). */
export async function findSalonByKey(db: Executor, publicKey: string) {
  const [row] = await db
    .select({ id: salons.id, accountId: salons.accountId, name: salons.name })
    .from(salons)
    .where(eq(salons.publicKey, publicKey));
  return row;
}

/**
 * Finds the account's member of a LINE user, creating it from the ID token's name and picture
 * when there is none (a customer who opens the page before the webhook told us of them): not
 * (yet) a friend until a follow event says so (decision 0181). An existing member keeps the name
 * and icon the friends module keeps up to date; one whose profile was not read yet takes the
 * ID token's.
 */
export async function findOrCreateMember(
  tx: Executor,
  accountId: number,
  lineUserId: string,
  profile: { name: string; picture: string },
) {
  const name = profile.name || 'LINEユーザー';
  const [row] = await tx
    .insert(members)
    .values({
      accountId,
      lineUserId,
      displayName: name,
      iconUrl: profile.picture,
      followState: 'not_friend',
    })
    .onConflictDoUpdate({
      target: [members.accountId, members.lineUserId],
      set: {
        displayName: sql`case when ${members.displayName} = '' then ${name} else ${members.displayName} end`,
        iconUrl: sql`case when ${members.iconUrl} = '' then ${profile.picture} else ${members.iconUrl} end`,
      },
    })
    .returning({
      id: members.id,
      displayName: members.displayName,
      iconUrl: members.iconUrl,
      followState: members.followState,
    });
  return row!;
}

/** The demo member: the account's first seeded member who follows the account. */
export async function findDemoMember(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: members.id, displayName: members.displayName, iconUrl: members.iconUrl })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.followState, 'following')))
    .orderBy(asc(members.id))
    .limit(1);
  return row;
}

export async function insertSession(
  tx: Executor,
  values: {
    tokenHash: string;
    memberId: number;
    accountId: number;
    demo: boolean;
    expiresAt: Date;
  },
  now: Date,
) {
  // Ended sessions go as new ones come: the table stays as small as the live ones.
  await tx.delete(memberSessions).where(lt(memberSessions.expiresAt, now));
  await tx.insert(memberSessions).values(values);
}

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      memberId: memberSessions.memberId,
      accountId: memberSessions.accountId,
      demo: memberSessions.demo,
      expiresAt: memberSessions.expiresAt,
      displayName: members.displayName,
      iconUrl: members.iconUrl,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.tokenHash, tokenHash), gt(memberSessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(memberSessions).where(eq(memberSessions.tokenHash, tokenHash));
}
