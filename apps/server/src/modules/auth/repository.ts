import { and, eq, lt, or, sql } from 'drizzle-orm';
import {
  accounts,
  operatorRoles,
  operators,
  salonDataVersions,
  salons,
  sessions,
} from '../../db/schema/index.js';
import { perDatabase } from '../../db/per-database.js';
import type { Executor } from '../../db/types.js';

/** The operator as a signed-in request sees it: identity, account and role in one row. */
export interface OperatorRecord {
  id: number;
  accountId: number;
  loginId: string;
  displayName: string;
  passwordHash: string;
  roleId: number;
  roleName: string;
  isOwner: boolean;
  permissionKeys: string[];
  /** false: deactivated (decision 0288) — sign-in fails as a wrong password does. */
  active: boolean;
}

const operatorColumns = {
  id: operators.id,
  accountId: operators.accountId,
  loginId: operators.loginId,
  displayName: operators.displayName,
  passwordHash: operators.passwordHash,
  roleId: operatorRoles.id,
  roleName: operatorRoles.name,
  isOwner: operatorRoles.isOwner,
  permissionKeys: operatorRoles.permissionKeys,
  active: operators.active,
};

export async function findOperatorByLoginId(
  db: Executor,
  loginId: string,
): Promise<OperatorRecord | undefined> {
  const [row] = await db
    .select(operatorColumns)
    .from(operators)
    .innerJoin(operatorRoles, eq(operatorRoles.id, operators.roleId))
    .where(eq(sql`lower(${operators.loginId})`, loginId.toLowerCase()));
  return row;
}

export interface SessionRecord {
  operator: OperatorRecord;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Built once per database (the lookup runs on every API call). */
const sessionLookup = perDatabase((db) =>
  db
    .select({ ...operatorColumns, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(operators, eq(operators.id, sessions.operatorId))
    .innerJoin(operatorRoles, eq(operatorRoles.id, operators.roleId))
    // A deactivated operator's sessions are deleted with the deactivation; this is the backstop.
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(operators.active, true)))
    .prepare('auth_find_session'),
);

/** One query per authenticated request: session, operator and role together (primary keys). */
export async function findSession(
  db: Executor,
  tokenHash: string,
): Promise<SessionRecord | undefined> {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) return undefined;
  const { lastSeenAt, expiresAt, ...operator } = row;
  return { operator, lastSeenAt, expiresAt };
}

/**
 * A salon of the request path (`/api/salon/{salonId}/…`) as the salon scope uses it: the salon
 * with its data version (decision 0031), or null when it is not a salon of the operator's account.
 */
export interface SessionSalon {
  id: number;
  accountId: number;
  name: string;
  publicKey: string;
  dataVersion: number;
}

/**
 * The session lookup of a salon route (decision 0500): the same row, plus the path's salon when
 * it belongs to the operator's account (joined on the account, so another account's salon is
 * never read) and its data version — one round trip instead of the lookup and the salon scope's
 * own query.
 */
const sessionSalonLookup = perDatabase((db) =>
  db
    .select({
      ...operatorColumns,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      salonId: salons.id,
      salonAccountId: salons.accountId,
      salonName: salons.name,
      salonPublicKey: salons.publicKey,
      salonDataVersion: salonDataVersions.version,
    })
    .from(sessions)
    .innerJoin(operators, eq(operators.id, sessions.operatorId))
    .innerJoin(operatorRoles, eq(operatorRoles.id, operators.roleId))
    .leftJoin(
      salons,
      and(eq(salons.id, sql.placeholder('salonId')), eq(salons.accountId, operators.accountId)),
    )
    .leftJoin(salonDataVersions, eq(salonDataVersions.salonId, salons.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(operators.active, true)))
    .prepare('auth_find_session_salon'),
);

export async function findSessionWithSalon(
  db: Executor,
  tokenHash: string,
  salonId: number,
): Promise<(SessionRecord & { salon: SessionSalon | null }) | undefined> {
  const [row] = await sessionSalonLookup(db).execute({ tokenHash, salonId });
  if (!row) return undefined;
  const {
    lastSeenAt,
    expiresAt,
    salonId: id,
    salonAccountId,
    salonName,
    salonPublicKey,
    salonDataVersion,
    ...operator
  } = row;
  const salon =
    id === null || salonAccountId === null || salonName === null || salonPublicKey === null
      ? null
      : {
          id,
          accountId: salonAccountId,
          name: salonName,
          publicKey: salonPublicKey,
          dataVersion: salonDataVersion ?? 0,
        };
  return { operator, lastSeenAt, expiresAt, salon };
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; operatorId: number; accountId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Remembers the operator's last sign-in (shown on the operators screen). */
export async function markSignedIn(db: Executor, operatorId: number, at: Date): Promise<void> {
  await db.update(operators).set({ lastSignInAt: at }).where(eq(operators.id, operatorId));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Moves last-seen to `at`, unless another request (of any process) already did so after
 * `staleBefore`: then nothing is written.
 */
export async function touchSession(
  db: Executor,
  tokenHash: string,
  at: Date,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, staleBefore)));
}

/** Drops the operator's sessions that can no longer be used, so the table does not grow. */
export async function deleteExpiredSessions(
  db: Executor,
  operatorId: number,
  idleCutoff: Date,
  now: Date,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.operatorId, operatorId),
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)),
      ),
    );
}

/** Built once per database: `GET /api/auth/me` (every console page load) reads it (decision 0461). */
const accountLookup = perDatabase((db) =>
  db
    .select({
      id: accounts.id,
      name: accounts.name,
      resellerCode: accounts.resellerCode,
      consent: accounts.consent,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('auth_find_account'),
);

export async function findAccount(db: Executor, accountId: number) {
  const [row] = await accountLookup(db).execute({ accountId });
  return row;
}
