import { count } from 'drizzle-orm';
import { accounts, operators } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { hashPassword } from './password.js';

export const DEMO_LOGIN_IDS = { owner: 'demo', staff: 'staff', otherAccount: 'other' } as const;
export const DEMO_SHOP_NAME = 'ヘアサロン つなぐ 渋谷店';

/** True when the database has no account yet (the demo is written only into an empty one). */
export async function hasNoAccounts(db: Executor): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(accounts);
  return (existing?.value ?? 0) === 0;
}

/** The two demo accounts: a hair salon, and a clinic so tenancy can be seen. */
export async function seedDemoAccounts(tx: Executor) {
  const [salon] = await tx
    .insert(accounts)
    .values({ name: DEMO_SHOP_NAME, resellerCode: 'tsunagu', consent: true })
    .returning({ id: accounts.id });
  const [other] = await tx
    .insert(accounts)
    .values({ name: 'まちのクリニック', resellerCode: 'clinic', consent: true })
    .returning({ id: accounts.id });
  if (!salon || !other) throw new Error('seed: accounts not created');
  return { salonAccountId: salon.id, otherAccountId: other.id };
}

/** The three demo sign-ins, all with `password` (hashed before the transaction starts). */
export async function demoPasswordHashes(password: string) {
  const [owner, staff, other] = await Promise.all([
    hashPassword(password),
    hashPassword(password),
    hashPassword(password),
  ]);
  return { owner: owner!, staff: staff!, other: other! };
}

export async function seedDemoOperators(
  tx: Executor,
  input: {
    accounts: { salonAccountId: number; otherAccountId: number };
    roles: { salonOwner: number; salonStaff: number; otherOwner: number };
    hashes: Awaited<ReturnType<typeof demoPasswordHashes>>;
  },
): Promise<void> {
  const { accounts: ids, roles, hashes } = input;
  await tx.insert(operators).values([
    {
      accountId: ids.salonAccountId,
      roleId: roles.salonOwner,
      loginId: DEMO_LOGIN_IDS.owner,
      displayName: '山田 花子',
      passwordHash: hashes.owner,
    },
    {
      accountId: ids.salonAccountId,
      roleId: roles.salonStaff,
      loginId: DEMO_LOGIN_IDS.staff,
      displayName: '佐藤 健',
      passwordHash: hashes.staff,
    },
    {
      accountId: ids.otherAccountId,
      roleId: roles.otherOwner,
      loginId: DEMO_LOGIN_IDS.otherAccount,
      displayName: '鈴木 一郎',
      passwordHash: hashes.other,
    },
  ]);
}
