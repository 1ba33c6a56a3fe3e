import { randomBytes } from 'node:crypto';
import { members } from './schema/index.js';
import type { Executor } from './types.js';
import { insertSalon } from '../modules/salons/repository.js';

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

/** 200 LINE friends with Japanese names, written in one insert. */
export function demoMembers(accountId: number, count = 200) {
  return Array.from({ length: count }, (_, index) => {
    const family = FAMILY_NAMES[index % FAMILY_NAMES.length] ?? '佐藤';
    const given =
      GIVEN_NAMES[Math.floor(index / FAMILY_NAMES.length) % GIVEN_NAMES.length] ?? '花子';
    return {
      accountId,
      displayName: `${family} ${given}`,
      iconUrl: '',
      lineUserId: `U${(index + 1).toString(16).padStart(32, '0')}`,
    };
  });
}

export interface SalonSeedAccounts {
  salonAccountId: number;
  otherAccountId: number;
}

/**
 * The salon demo (issue 5): a salon for account 1 with its members, and a small salon for
 * account 2 so tenancy can be seen. Answers account 1's salon id (its schedule comes next).
 */
export async function seedSalonDemo(tx: Executor, accounts: SalonSeedAccounts): Promise<number> {
  const publicKey = () => randomBytes(12).toString('base64url');
  const salonId = await insertSalon(
    tx,
    accounts.salonAccountId,
    'ヘアサロン つなぐ 渋谷店',
    publicKey(),
  );
  await insertSalon(tx, accounts.otherAccountId, 'まちのクリニック 予約', publicKey());
  await tx.insert(members).values(demoMembers(accounts.salonAccountId));
  await tx.insert(members).values(demoMembers(accounts.otherAccountId, 10));
  return salonId;
}
