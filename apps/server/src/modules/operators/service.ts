import {
  MESSAGES,
  OPERATOR_MESSAGES,
  type OperatorInput,
  type OperatorRow,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { hashPassword } from '../auth/index.js';
import { newFirstPassword } from './first-password.js';
import * as repository from './repository.js';
import type { OperatorRowRecord } from './repository.js';

function toRow(row: OperatorRowRecord): OperatorRow {
  return {
    id: row.id,
    login_id: row.loginId,
    display_name: row.displayName,
    role: { id: row.roleId, name: row.roleName, is_owner: row.isOwner },
    active: row.active,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new ValidationError(MESSAGES.validationFailed, { [field]: [message] });

/** SQLSTATE 23505 on the login id index: another request took the id between check and write. */
function isLoginIdClash(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'operators_login_id_unique') return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/** Who acts: the signed-in owner. */
export interface Actor {
  accountId: number;
  operatorId: number;
}

export function createOperatorService(deps: {
  db: Database;
  /** Told the token hashes of the sessions a deactivation or reset deleted (event streams close). */
  sessionsEnded: (tokenHashes: readonly string[]) => void;
}) {
  const { db, sessionsEnded } = deps;

  async function get(accountId: number, id: number): Promise<OperatorRow> {
    const row = await repository.findOperator(db, accountId, id);
    if (!row) throw new NotFoundError(OPERATOR_MESSAGES.notFound);
    return toRow(row);
  }

  /** The operator, locked with the owner role: the last-owner rules are checked under it. */
  async function lockTarget(tx: Executor, accountId: number, id: number) {
    const ownerRoleId = await repository.lockOwnerRole(tx, accountId);
    const target = await repository.findOperator(tx, accountId, id);
    if (!target || ownerRoleId === undefined) throw new NotFoundError(OPERATOR_MESSAGES.notFound);
    const isLastOwner = async () =>
      target.isOwner &&
      target.active &&
      (await repository.countOtherActiveOwners(tx, ownerRoleId, id)) === 0;
    return { target, isLastOwner };
  }

  /** Runs `change`, then tells the listeners about the sessions it ended. */
  async function withEndedSessions(change: () => Promise<string[]>): Promise<void> {
    const ended = await change();
    sessionsEnded(ended);
  }

  return {
    get,

    async list(accountId: number): Promise<OperatorRow[]> {
      return (await repository.listOperators(db, accountId)).map(toRow);
    },

    async create(accountId: number, input: OperatorInput): Promise<number> {
      const taken = () => fieldError('login_id', OPERATOR_MESSAGES.loginIdTaken);
      if (await repository.loginIdTaken(db, input.login_id)) throw taken();
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const role = await repository.lockRoleOfAccount(tx, accountId, input.role_id);
          if (!role) throw fieldError('role_id', OPERATOR_MESSAGES.roleNotFound);
          return repository.insertOperator(tx, {
            accountId,
            roleId: role.id,
            loginId: input.login_id,
            displayName: input.display_name,
            passwordHash,
          });
        });
      } catch (error) {
        if (isLoginIdClash(error)) throw taken();
        throw error;
      }
    },

    async changeRole(accountId: number, id: number, roleId: number): Promise<OperatorRow> {
      await db.transaction(async (tx) => {
        const { target, isLastOwner } = await lockTarget(tx, accountId, id);
        const role = await repository.lockRoleOfAccount(tx, accountId, roleId);
        if (!role) throw fieldError('role_id', OPERATOR_MESSAGES.roleNotFound);
        if (role.id === target.roleId) return;
        if (await isLastOwner()) throw new ConflictError(OPERATOR_MESSAGES.lastOwner);
        await repository.updateOperator(tx, accountId, id, { roleId: role.id });
      });
      return get(accountId, id);
    },

    /** Ends every session of the operator in the same transaction: their next call is a 401. */
    async deactivate(actor: Actor, id: number): Promise<OperatorRow> {
      await withEndedSessions(() =>
        db.transaction(async (tx) => {
          const { target, isLastOwner } = await lockTarget(tx, actor.accountId, id);
          if (target.id === actor.operatorId) {
            throw new ConflictError(OPERATOR_MESSAGES.selfDeactivate);
          }
          if (await isLastOwner()) throw new ConflictError(OPERATOR_MESSAGES.lastOwnerDeactivate);
          await repository.updateOperator(tx, actor.accountId, id, { active: false });
          return repository.deleteSessionsOf(tx, id);
        }),
      );
      return get(actor.accountId, id);
    },

    async reactivate(accountId: number, id: number): Promise<OperatorRow> {
      await db.transaction(async (tx) => {
        await lockTarget(tx, accountId, id);
        await repository.updateOperator(tx, accountId, id, { active: true });
      });
      return get(accountId, id);
    },

    /**
     * A new first password, made here and returned once; the operator's sessions end with the
     * old password (whoever held it is signed out).
     */
    async resetPassword(accountId: number, id: number): Promise<string> {
      if (!(await repository.findOperator(db, accountId, id))) {
        throw new NotFoundError(OPERATOR_MESSAGES.notFound);
      }
      const password = newFirstPassword();
      const passwordHash = await hashPassword(password);
      await withEndedSessions(() =>
        db.transaction(async (tx) => {
          await lockTarget(tx, accountId, id);
          await repository.updateOperator(tx, accountId, id, { passwordHash });
          return repository.deleteSessionsOf(tx, id);
        }),
      );
      return password;
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
