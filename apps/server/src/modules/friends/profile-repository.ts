import { eq, inArray } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';

/** Wakes the profile reader of any process once the transaction that wanted profiles commits. */
export const FRIEND_PROFILES_CHANNEL = 'friend_profiles';

/**
 * Takes up to `limit` friends whose profile is wanted (any account), clearing the flag so no
 * other process takes them too; a reader that cannot finish puts them back (`wantProfiles`).
 */
export async function claimWantedProfiles(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: members.id, accountId: members.accountId, lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.profileWanted, true))
      .orderBy(members.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0)
      await tx
        .update(members)
        .set({ profileWanted: false })
        .where(
          inArray(
            members.id,
            rows.map((row) => row.id),
          ),
        );
    return rows;
  });
}

export async function wantProfiles(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(members).set({ profileWanted: true }).where(inArray(members.id, ids));
}

export async function saveProfile(
  db: Executor,
  id: number,
  profile: { displayName: string; pictureUrl: string },
) {
  await db
    .update(members)
    .set({ displayName: profile.displayName, iconUrl: profile.pictureUrl })
    .where(eq(members.id, id));
}
