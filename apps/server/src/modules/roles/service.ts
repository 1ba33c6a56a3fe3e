import { PERMISSION_KEYS, ROLE_MESSAGES, type Role, type RoleInput } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
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
      return repository.insertRole(db, accountId, input);
    },

    async update(accountId: number, id: number, input: RoleInput): Promise<Role> {
      await db.transaction(async (tx) => {
        const role = await repository.lockRole(tx, accountId, id);
        if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
        if (role.isOwner) throw new ConflictError(ROLE_MESSAGES.ownerImmutable);
        await repository.updateRole(tx, accountId, id, input);
      });
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
