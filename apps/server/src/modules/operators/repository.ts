import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { operatorRoles, operators, sessions } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export interface OperatorRowRecord {
  id: number;
  loginId: string;
  displayName: string;
  roleId: number;
  roleName: string;
  isOwner: boolean;
  active: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

/** Every query takes the account id: another account's operator simply does not exist here. */
function selectOperators(db: Executor) {
  return db
    .select({
      id: operators.id,
      loginId: operators.loginId,
      displayName: operators.displayName,
      roleId: operatorRoles.id,
      roleName: operatorRoles.name,
      isOwner: operatorRoles.isOwner,
      active: operators.active,
      lastSignInAt: operators.lastSignInAt,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .innerJoin(operatorRoles, eq(operatorRoles.id, operators.roleId));
}

export async function listOperators(db: Executor, accountId: number) {
  return selectOperators(db).where(eq(operators.accountId, accountId)).orderBy(asc(operators.id));
}

export async function findOperator(
  db: Executor,
  accountId: number,
  id: number,
): Promise<OperatorRowRecord | undefined> {
  const [row] = await selectOperators(db).where(
    and(eq(operators.accountId, accountId), eq(operators.id, id)),
  );
  return row;
}

/**
 * Locks the account's owner role. Every change that could leave the account without an active
 * owner takes this lock first, so two such changes run one after the other and the second sees
 * what the first did (two owners demoting each other at once cannot both succeed).
 */
export async function lockOwnerRole(db: Executor, accountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: operatorRoles.id })
    .from(operatorRoles)
    .where(and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.isOwner, true)))
    .for('update');
  return row?.id;
}

/** Active operators holding the owner role, other than `exceptId`. */
export async function countOtherActiveOwners(
  db: Executor,
  ownerRoleId: number,
  exceptId: number,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(operators)
    .where(
      and(
        eq(operators.roleId, ownerRoleId),
        eq(operators.active, true),
        ne(operators.id, exceptId),
      ),
    );
  return row?.value ?? 0;
}

/** The role, if it is one of the account's (locked, so it cannot be deleted meanwhile). */
export async function lockRoleOfAccount(db: Executor, accountId: number, roleId: number) {
  const [row] = await db
    .select({ id: operatorRoles.id })
    .from(operatorRoles)
    .where(and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.id, roleId)))
    .for('share');
  return row;
}

/** Compared as the unique index `operators_login_id_unique` compares: lower(login_id). */
export async function loginIdTaken(db: Executor, loginId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`lower(${operators.loginId}) = lower(${loginId})`)
    .limit(1);
  return row !== undefined;
}

export async function insertOperator(
  db: Executor,
  values: {
    accountId: number;
    roleId: number;
    loginId: string;
    displayName: string;
    passwordHash: string;
  },
): Promise<number> {
  return insertReturningId(db, operators, values);
}

export async function updateOperator(
  db: Executor,
  accountId: number,
  id: number,
  values: Partial<{ roleId: number; active: boolean; passwordHash: string }>,
): Promise<void> {
  await db
    .update(operators)
    .set(values)
    .where(and(eq(operators.accountId, accountId), eq(operators.id, id)));
}

/** Deletes every session of the operator; returns their token hashes (for open event streams). */
export async function deleteSessionsOf(db: Executor, operatorId: number): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.operatorId, operatorId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}
