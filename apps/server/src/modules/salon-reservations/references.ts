import { and, eq, inArray, isNull } from 'drizzle-orm';
import { members, salonResourceCourseUnlinks, salonResources } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { MemberSummary } from './row-types.js';

/** What a reservation refers to: resources, course links, the friend. */

export async function resourcesByIds(db: Executor, salonId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: salonResources.id, name: salonResources.name, kind: salonResources.kind })
    .from(salonResources)
    .where(
      and(
        eq(salonResources.salonId, salonId),
        inArray(salonResources.id, ids),
        // A deleted (retired) resource takes no new reservation or block time.
        isNull(salonResources.deletedAt),
      ),
    );
}

export async function isUnlinked(
  db: Executor,
  salonId: number,
  resourceId: number,
  courseId: number,
): Promise<boolean> {
  const rows = await db
    .select({ resourceId: salonResourceCourseUnlinks.resourceId })
    .from(salonResourceCourseUnlinks)
    .where(
      and(
        eq(salonResourceCourseUnlinks.salonId, salonId),
        eq(salonResourceCourseUnlinks.resourceId, resourceId),
        eq(salonResourceCourseUnlinks.courseId, courseId),
      ),
    );
  return rows.length > 0;
}

export async function findMember(
  db: Executor,
  accountId: number,
  id: number,
): Promise<MemberSummary | undefined> {
  const [row] = await db
    .select({ id: members.id, displayName: members.displayName, iconUrl: members.iconUrl })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)));
  return row;
}
