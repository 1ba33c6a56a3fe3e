import {
  FRIENDS_CSV_CHOICE_SEPARATOR,
  FRIENDS_CSV_COLUMNS,
  FRIEND_FOLLOW_STATE_LABELS,
  type FriendFollowState,
  type FriendsCsvEncoding,
  type FriendListQuery,
} from '@tsunagu/contracts';
import { and, desc, inArray, lt } from 'drizzle-orm';
import { members, memberVarValues } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { csvLine, csvStart, encodeCsv } from '../../lib/csv/decode.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import { choicesOfVars, varItemsOf } from '../friend-info/index.js';
import { friendFilterWhere } from '../friends/index.js';
import { tagsOfFriends } from '../tags/index.js';

/** Friends read per query: the file is written as it is read, never held whole. */
const PAGE = 1000;

/** `2026/11/24 10:05` (Asia/Tokyo), or '' for none. */
const tokyoText = (instant: Date | null) =>
  instant ? toTokyoIso(instant).slice(0, 16).replace('T', ' ').replaceAll('-', '/') : '';

/**
 * The friends the list's filters find, newest first, as CSV pieces (decision 0160): the header,
 * then a piece per page of friends — name, LINE user id, state, followed at, last message, tags
 * and each friend-information field (a choice by its name, several joined by '、', a date as
 * YYYY-MM-DD so the file can be imported back).
 */
export async function* friendsCsv(
  db: Executor,
  accountId: number,
  query: Omit<FriendListQuery, 'page'>,
  encoding: FriendsCsvEncoding,
): AsyncGenerator<Buffer> {
  const items = await varItemsOf(db, accountId);
  const choiceNames = new Map(
    (
      await choicesOfVars(
        db,
        items.map((item) => item.id),
      )
    ).map((choice) => [choice.id, choice.name]),
  );
  const header = [...Object.values(FRIENDS_CSV_COLUMNS), ...items.map((item) => item.name)];
  yield Buffer.concat([csvStart(encoding), encodeCsv(csvLine(header), encoding)]);

  const where = friendFilterWhere(accountId, query);
  let before: number | undefined;
  for (;;) {
    const page = await db
      .select({
        id: members.id,
        name: members.displayName,
        lineUserId: members.lineUserId,
        followState: members.followState,
        followedAt: members.followedAt,
        lastMessageAt: members.lastMessageAt,
      })
      .from(members)
      .where(before === undefined ? where : and(where, lt(members.id, before)))
      .orderBy(desc(members.id))
      .limit(PAGE);
    if (page.length === 0) return;
    before = page.at(-1)!.id;
    const ids = page.map((friend) => friend.id);
    const tags = await tagsOfFriends(db, ids);
    const values = await db
      .select()
      .from(memberVarValues)
      .where(inArray(memberVarValues.memberId, ids));
    const cells = new Map<string, string[]>();
    for (const value of values) {
      const key = `${value.memberId}:${value.varId}`;
      const text =
        value.textValue ??
        (value.numberValue !== null ? String(value.numberValue) : null) ??
        value.dateValue ??
        (value.choiceId !== null ? (choiceNames.get(value.choiceId) ?? '') : '');
      cells.set(key, [...(cells.get(key) ?? []), text]);
    }
    let text = '';
    for (const friend of page) {
      text += csvLine([
        friend.name,
        friend.lineUserId,
        FRIEND_FOLLOW_STATE_LABELS[friend.followState as FriendFollowState],
        tokyoText(friend.followedAt),
        tokyoText(friend.lastMessageAt),
        (tags.get(friend.id) ?? []).map((tag) => tag.name).join(FRIENDS_CSV_CHOICE_SEPARATOR),
        ...items.map((item) =>
          (cells.get(`${friend.id}:${item.id}`) ?? []).join(FRIENDS_CSV_CHOICE_SEPARATOR),
        ),
      ]);
    }
    yield encodeCsv(text, encoding);
    if (page.length < PAGE) return;
  }
}
