import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { insertSalon } from './repository.js';

const FAMILY_NAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const GIVEN_NAMES = [
  '美咲',
  '陽菜',
  '結衣',
  '葵',
  '花子',
  'さくら',
  '凛',
  '愛',
  '真央',
  '彩',
  '翔太',
  '大輝',
  '蓮',
  '悠真',
  '健太',
  '拓海',
  '颯',
  '陸',
  '優斗',
  '直樹',
];

export const DEMO_MEMBER_COUNT = 200;

const DAY_MS = 86_400_000;

/**
 * LINE friends with Japanese names, written in one insert: followed over the last year, most
 * wrote recently, every 25th has blocked the account since (the friends list shows all three).
 */
function demoMembers(accountId: number, count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const family = FAMILY_NAMES[index % FAMILY_NAMES.length] ?? '佐藤';
    const given =
      GIVEN_NAMES[Math.floor(index / FAMILY_NAMES.length) % GIVEN_NAMES.length] ?? '花子';
    const followedAt = new Date(now - ((index * 37) % 365) * DAY_MS - (index % 24) * 3_600_000);
    const blocked = index % 25 === 24;
    // Blocked halfway between following and now.
    const unfollowedAt = new Date((followedAt.getTime() + now) / 2);
    return {
      accountId,
      displayName: `${family} ${given}`,
      iconUrl: '',
      lineUserId: `U${(index + 1).toString(16).padStart(32, '0')}`,
      followState: blocked ? 'blocked' : 'following',
      followedAt,
      followChangedAt: blocked ? unfollowedAt : followedAt,
      unfollowedAt: blocked ? unfollowedAt : null,
      lastMessageAt: index % 3 === 0 ? null : new Date(now - ((index * 11) % 60) * DAY_MS),
    };
  });
}

/**
 * The salon demo (issue 5): a salon for the salon account with its members, and a small salon
 * for the other account so tenancy can be seen. Answers the first salon's id (its catalog and
 * schedule come next).
 */
export async function seedDemoSalons(
  tx: Executor,
  accounts: { salonAccountId: number; otherAccountId: number },
): Promise<number> {
  const publicKey = () => randomBytes(12).toString('base64url');
  const salonId = await insertSalon(
    tx,
    accounts.salonAccountId,
    'ヘアサロン つなぐ 渋谷店',
    publicKey(),
  );
  await insertSalon(tx, accounts.otherAccountId, 'まちのクリニック 予約', publicKey());
  await tx.insert(members).values(demoMembers(accounts.salonAccountId, DEMO_MEMBER_COUNT));
  await tx.insert(members).values(demoMembers(accounts.otherAccountId, 10));
  return salonId;
}

/** The account's demo friends in the order they were written (their index drives the demo). */
export async function demoFriendsOf(tx: Executor, accountId: number) {
  return tx
    .select({ id: members.id, followedAt: members.followedAt })
    .from(members)
    .where(eq(members.accountId, accountId))
    .orderBy(asc(members.id));
}
