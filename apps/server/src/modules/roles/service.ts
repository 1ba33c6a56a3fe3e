import {
  MESSAGES,
  PERMISSION_KEYS,
  ROLE_MESSAGES,
  type Role,
  type RoleInput,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import * as repository from './repository.js';
import type { RoleRow } from './repository.js';

function toRole(row: RoleRow): Role {
  // Keys are returned in the canonical order so screens and tests see a stable list.
  // The owner role holds every key, including keys added after it was created.
  const keys = PERMISSION_KEYS.filter((key) => row.isOwner || row.permissionKeys.includes(key));
  return {
    id: row.id,
    name: row.name,
    permission_keys: keys,
    is_owner: row.isOwner,
    operator_count: row.operatorCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const nameTakenError = () =>
  new ValidationError(MESSAGES.validationFailed, { name: [ROLE_MESSAGES.nameTaken] });

/** SQLSTATE 23505 on the name index: a concurrent request took the name between check and write. */
function isNameClash(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'operator_roles_name_per_account') return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/** Runs a write; a clash on the name index becomes the same 422 as the check before it. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameClash(error)) throw nameTakenError();
    throw error;
  }
}

export function createRoleService(deps: { db: Database }) {
  const { db } = deps;

  async function get(accountId: number, id: number): Promise<Role> {
    const row = await repository.findRole(db, accountId, id);
    if (!row) throw new NotFoundError(ROLE_MESSAGES.notFound);
    return toRole(row);
  }

  return {
    get,

    async list(accountId: number): Promise<Role[]> {
      return (await repository.listRoles(db, accountId)).map(toRole);
    },

    async create(accountId: number, input: RoleInput): Promise<number> {
      if (await repository.nameTaken(db, accountId, input.name)) throw nameTakenError();
      return guardName(() => repository.insertRole(db, accountId, input));
    },

    async update(accountId: number, id: number, input: RoleInput): Promise<Role> {
      await guardName(() =>
        db.transaction(async (tx) => {
          const role = await repository.lockRole(tx, accountId, id);
          if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
          if (role.isOwner) throw new ConflictError(ROLE_MESSAGES.ownerImmutable);
          if (await repository.nameTaken(tx, accountId, input.name, id)) throw nameTakenError();
          await repository.updateRole(tx, accountId, id, input);
        }),
      );
      return get(accountId, id);
    },

    /**
     * A role still assigned to operators cannot go (they would be left without permissions);
     * the row lock keeps an assignment from slipping in between the count and the delete.
     */
    async remove(accountId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const role = await repository.lockRole(tx, accountId, id);
        if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
        if (role.isOwner) throw new ConflictError(ROLE_MESSAGES.ownerImmutable);
        const inUse = await repository.countOperators(tx, id);
        if (inUse > 0) throw new ConflictError(ROLE_MESSAGES.inUse(inUse));
        await repository.deleteRole(tx, accountId, id);
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
