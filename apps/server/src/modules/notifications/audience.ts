import {
  NOTIFICATION_TEXT,
  TAG_MATCH_LABELS,
  todayInTokyo,
  type NotificationAudience,
} from '@tsunagu/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { memberQueries, members, tags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { fieldError } from '../../lib/validate.js';
import { conditionWhere } from '../member-conditions/index.js';
import { segmentPredicate } from '../member-queries/index.js';

/**
 * A お知らせ's audience as a predicate on `members` (decision 0220): the segment's own predicate,
 * or the segments' tag condition (any / all / none) — one definition with the segments. Throws
 * a 422 naming the field when the segment or a tag is not the account's.
 */
export async function audiencePredicate(
  db: Executor,
  accountId: number,
  audience: NotificationAudience,
  now: Date,
): Promise<SQL> {
  const today = todayInTokyo(now);
  if (audience.kind === 'all') return sql`true`;
  if (audience.kind === 'segment') {
    const where = await segmentPredicate(db, accountId, audience.member_query_id, today);
    if (!where) throw fieldError('audience.member_query_id', NOTIFICATION_TEXT.segmentNotFound);
    return where;
  }
  const ids = [...new Set(audience.tag_ids)];
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)));
  if (found.length !== ids.length)
    throw fieldError('audience.tag_ids', NOTIFICATION_TEXT.tagNotFound);
  return conditionWhere(
    accountId,
    { match: 'all', conditions: [{ kind: 'tags', match: audience.match, tag_ids: ids }] },
    today,
  );
}

/** How many following friends of the account the predicate finds (whom it would be sent to). */
export async function countFollowing(db: Executor, accountId: number, where: SQL) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(members)
    .where(
      sql`${members.accountId} = ${accountId} and ${members.followState} = 'following' and ${where}`,
    );
  return row?.total ?? 0;
}

/** The audience in words: 全員 / セグメント「…」 / タグ「…」（いずれか…）. */
export async function audienceLabel(
  db: Executor,
  accountId: number,
  audience: NotificationAudience,
): Promise<string> {
  return (await audienceLabels(db, accountId, [audience]))[0]!;
}

/** The labels of many audiences with one read of segments and one of tags (the list). */
export async function audienceLabels(
  db: Executor,
  accountId: number,
  audiences: NotificationAudience[],
): Promise<string[]> {
  const segmentIds = audiences.flatMap((a) => (a.kind === 'segment' ? [a.member_query_id] : []));
  const tagIds = [...new Set(audiences.flatMap((a) => (a.kind === 'tags' ? a.tag_ids : [])))];
  const segmentNames = new Map(
    segmentIds.length === 0
      ? []
      : (
          await db
            .select({ id: memberQueries.id, name: memberQueries.name })
            .from(memberQueries)
            .where(
              and(eq(memberQueries.accountId, accountId), inArray(memberQueries.id, segmentIds)),
            )
        ).map((row) => [row.id, row.name]),
  );
  const tagNames = new Map(
    tagIds.length === 0
      ? []
      : (
          await db
            .select({ id: tags.id, name: tags.name })
            .from(tags)
            .where(and(eq(tags.accountId, accountId), inArray(tags.id, tagIds)))
        ).map((row) => [row.id, row.name]),
  );
  return audiences.map((audience) => {
    if (audience.kind === 'all') return '友だち全員';
    if (audience.kind === 'segment') {
      const name = segmentNames.get(audience.member_query_id);
      return name === undefined ? 'セグメント（削除済み）' : `セグメント「${name}」`;
    }
    const names = audience.tag_ids
      .filter((id) => tagNames.has(id))
      .map((id) => `「${tagNames.get(id)}」`)
      .join('');
    return `タグ${names || '（削除済み）'}：${TAG_MATCH_LABELS[audience.match]}`;
  });
}
