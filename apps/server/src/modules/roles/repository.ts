import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PermissionKey, RoleInput } from '@tsunagu/contracts';
import { operatorRoles, operators } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export interface RoleRow {
  id: number;
  name: string;
  permissionKeys: string[];
  isOwner: boolean;
  operatorCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const operatorCount = count(operators.id);

/** Every query takes the account id: a role of another account simply does not exist here. */
function selectRoles(db: Executor) {
  return db
    .select({
      id: operatorRoles.id,
      name: operatorRoles.name,
      permissionKeys: operatorRoles.permissionKeys,
      isOwner: operatorRoles.isOwner,
      operatorCount,
      createdAt: operatorRoles.createdAt,
      updatedAt: operatorRoles.updatedAt,
    })
    .from(operatorRoles)
    .leftJoin(operators, eq(operators.roleId, operatorRoles.id))
    .groupBy(operatorRoles.id);
}

export async function listRoles(db: Executor, accountId: number): Promise<RoleRow[]> {
  return selectRoles(db)
    .where(eq(operatorRoles.accountId, accountId))
    .orderBy(asc(operatorRoles.id));
}

export async function findRole(
  db: Executor,
  accountId: number,
  id: number,
): Promise<RoleRow | undefined> {
  const [row] = await selectRoles(db).where(
    and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.id, id)),
  );
  return row;
}

/** Locks the role row for the rest of the transaction (update and delete re-check under it). */
export async function lockRole(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: operatorRoles.id, isOwner: operatorRoles.isOwner })
    .from(operatorRoles)
    .where(and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.id, id)))
    .for('update');
  return row;
}

/**
 * Whether another role of the account already has this name, compared as the unique index
 * `operator_roles_name_per_account` compares it (lower(name); decision 0090).
 */
export async function nameTaken(
  db: Executor,
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: operatorRoles.id })
    .from(operatorRoles)
    .where(
      and(
        eq(operatorRoles.accountId, accountId),
        sql`lower(${operatorRoles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(operatorRoles.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countOperators(db: Executor, roleId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(operators)
    .where(eq(operators.roleId, roleId));
  return row?.value ?? 0;
}

export async function insertRole(
  db: Executor,
  accountId: number,
  input: RoleInput,
  isOwner = false,
): Promise<number> {
  return insertReturningId(db, operatorRoles, {
    accountId,
    name: input.name,
    permissionKeys: input.permission_keys,
    isOwner,
  });
}

export async function updateRole(
  db: Executor,
  accountId: number,
  id: number,
  input: RoleInput,
): Promise<void> {
  await db
    .update(operatorRoles)
    .set({
      name: input.name,
      permissionKeys: input.permission_keys satisfies PermissionKey[],
      updatedAt: new Date(),
    })
    .where(and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.id, id)));
}

export async function deleteRole(db: Executor, accountId: number, id: number): Promise<void> {
  await db
    .delete(operatorRoles)
    .where(and(eq(operatorRoles.accountId, accountId), eq(operatorRoles.id, id)));
}
