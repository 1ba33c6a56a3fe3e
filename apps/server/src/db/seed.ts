import { PERMISSION_KEYS } from '@tsunagu/contracts';
import { count } from 'drizzle-orm';
import { accounts, operators } from './schema/index.js';
import type { Database } from './types.js';
import { hashPassword } from '../modules/auth/password.js';
import { insertRole } from '../modules/roles/repository.js';
import { seedSalonSchedule } from './seed-salon-schedule.js';
import { seedSalonDemo } from './seed-salon.js';
import { seedTelDemo } from './seed-tel.js';

export const DEMO_LOGIN_IDS = { owner: 'demo', staff: 'staff', otherAccount: 'other' } as const;

/**
 * Demo data for local use, written once into an empty database: account 1 with an owner
 * (`demo`, every key) and a read-only staff member (`staff`), and account 2 with its own
 * owner (`other`) so tenancy can be seen; account 1 also gets notification message templates
 * and a draft order (seed-tel.ts). Returns false when the database already had data.
 */
export async function seedDemo(
  db: Database,
  password: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(accounts);
  if ((existing?.value ?? 0) > 0) return false;

  const [ownerHash, staffHash, otherHash] = await Promise.all([
    hashPassword(password),
    hashPassword(password),
    hashPassword(password),
  ]);

  await db.transaction(async (tx) => {
    const [salon] = await tx
      .insert(accounts)
      .values({ name: 'ヘアサロン つなぐ 渋谷店', resellerCode: 'tsunagu', consent: true })
      .returning({ id: accounts.id });
    const [other] = await tx
      .insert(accounts)
      .values({ name: 'まちのクリニック', resellerCode: 'clinic', consent: true })
      .returning({ id: accounts.id });
    if (!salon || !other) throw new Error('seed: accounts not created');

    const allKeys = [...PERMISSION_KEYS];
    const ownerRole = await insertRole(
      tx,
      salon.id,
      { name: 'オーナー', permission_keys: allKeys },
      true,
    );
    const staffRole = await insertRole(tx, salon.id, {
      name: 'スタッフ（閲覧のみ）',
      permission_keys: [],
    });
    const otherOwnerRole = await insertRole(
      tx,
      other.id,
      { name: 'オーナー', permission_keys: allKeys },
      true,
    );

    await tx.insert(operators).values([
      {
        accountId: salon.id,
        roleId: ownerRole,
        loginId: DEMO_LOGIN_IDS.owner,
        displayName: '山田 花子',
        passwordHash: ownerHash,
      },
      {
        accountId: salon.id,
        roleId: staffRole,
        loginId: DEMO_LOGIN_IDS.staff,
        displayName: '佐藤 健',
        passwordHash: staffHash,
      },
      {
        accountId: other.id,
        roleId: otherOwnerRole,
        loginId: DEMO_LOGIN_IDS.otherAccount,
        displayName: '鈴木 一郎',
        passwordHash: otherHash,
      },
    ]);
    const salonId = await seedSalonDemo(tx, {
      salonAccountId: salon.id,
      otherAccountId: other.id,
    });
    await seedSalonSchedule(tx, { id: salonId, accountId: salon.id }, now);
    await seedTelDemo(tx, salon.id, 'ヘアサロン つなぐ 渋谷店');
  });
  return true;
}
