import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { members, salonDataVersions, salonOnlineConfigs, salons } from '../../db/schema/index.js';
import { perDatabase } from '../../db/per-database.js';
import type { Executor } from '../../db/types.js';

export interface SalonRow {
  id: number;
  accountId: number;
  name: string;
  publicKey: string;
}

const salonColumns = {
  id: salons.id,
  accountId: salons.accountId,
  name: salons.name,
  publicKey: salons.publicKey,
};

export async function listSalons(db: Executor, accountId: number): Promise<SalonRow[]> {
  return db
    .select(salonColumns)
    .from(salons)
    .where(eq(salons.accountId, accountId))
    .orderBy(asc(salons.id));
}

/** A salon of a request path, with its data version (decision 0031; 0 = never written). */
export interface ScopedSalonRow extends SalonRow {
  dataVersion: number;
}

/** Built once per database: every /api/salon/{salonId} call runs it. */
const salonLookup = perDatabase((db) =>
  db
    .select({ ...salonColumns, dataVersion: salonDataVersions.version })
    .from(salons)
    .leftJoin(salonDataVersions, eq(salonDataVersions.salonId, salons.id))
    .where(
      and(
        eq(salons.accountId, sql.placeholder('accountId')),
        eq(salons.id, sql.placeholder('salonId')),
      ),
    )
    .prepare('salon_scope_lookup'),
);

/**
 * The salon if it is the account's, with its current data version in the same query: read
 * before any of the salon's data, it is what the read cache compares its entries with.
 */
export async function findSalon(
  db: Executor,
  accountId: number,
  salonId: number,
): Promise<ScopedSalonRow | undefined> {
  const [row] = await salonLookup(db).execute({ accountId, salonId });
  return row ? { ...row, dataVersion: row.dataVersion ?? 0 } : undefined;
}

export async function firstSalon(db: Executor, accountId: number): Promise<SalonRow | undefined> {
  const [row] = await db
    .select(salonColumns)
    .from(salons)
    .where(eq(salons.accountId, accountId))
    .orderBy(asc(salons.id))
    .limit(1);
  return row;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function searchMembers(
  db: Executor,
  accountId: number,
  query: string,
  limit: number,
  offset: number,
) {
  const pattern = `%${escapeLike(query)}%`;
  const where = query
    ? and(
        eq(members.accountId, accountId),
        or(ilike(members.displayName, pattern), ilike(members.lineUserId, pattern)),
      )
    : eq(members.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: members.id,
        displayName: members.displayName,
        iconUrl: members.iconUrl,
        lineUserId: members.lineUserId,
      })
      .from(members)
      .where(where)
      .orderBy(asc(members.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(members).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** A new salon with its online booking config row (every salon has exactly one). */
export async function insertSalon(
  db: Executor,
  accountId: number,
  name: string,
  publicKey: string,
): Promise<number> {
  const [row] = await db
    .insert(salons)
    .values({ accountId, name, publicKey })
    .returning({ id: salons.id });
  if (!row) throw new Error('insert returned no row');
  await db.insert(salonOnlineConfigs).values({ salonId: row.id, title: name });
  return row.id;
}
