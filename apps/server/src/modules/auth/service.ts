import {
  MESSAGES,
  PERMISSION_KEYS,
  brandForResellerCode,
  type LoginRequest,
  type MeResponse,
  type Operator,
  type PermissionKey,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { NotFoundError, TooManyRequestsError, UnauthenticatedError } from '../../lib/errors.js';
import { hashForUnknownOperator, verifyPassword } from './password.js';
import * as repository from './repository.js';
import type { OperatorRecord, SessionRecord, SessionSalon } from './repository.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import {
  THROTTLE_POLICY,
  blockedForMs,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  throttleKeys,
} from './throttle.js';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** What every authenticated request knows about its operator. */
export interface AuthContext {
  operatorId: number;
  accountId: number;
  loginId: string;
  displayName: string;
  roleId: number;
  roleName: string;
  isOwner: boolean;
  permissionKeys: PermissionKey[];
}

/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function toAuthContext(record: OperatorRecord): AuthContext {
  return {
    operatorId: record.id,
    accountId: record.accountId,
    loginId: record.loginId,
    displayName: record.displayName,
    roleId: record.roleId,
    roleName: record.roleName,
    isOwner: record.isOwner,
    // The owner role holds every key, including keys added after it was created.
    permissionKeys: record.isOwner
      ? [...PERMISSION_KEYS]
      : (record.permissionKeys as PermissionKey[]),
  };
}

export function toOperator(auth: AuthContext): Operator {
  return {
    id: auth.operatorId,
    login_id: auth.loginId,
    display_name: auth.displayName,
    role: { id: auth.roleId, name: auth.roleName, is_owner: auth.isOwner },
  };
}

export function createAuthService(deps: { db: Database; policy: SessionPolicy }) {
  const { db, policy } = deps;
  const { addressThreshold, loginIdThreshold } = THROTTLE_POLICY;
  /** last_seen_at writes under way, by token hash (as many as requests in flight at most). */
  const touching = new Map<string, Promise<void>>();
  /** Told the token hash of every session this process ends (sign-out, expiry, new sign-in). */
  const sessionEndedListeners = new Set<(tokenHash: string) => void>();
  const sessionEnded = (tokenHash: string) => {
    for (const listener of sessionEndedListeners) listener(tokenHash);
  };

  async function throttled(keys: string[], now: Date): Promise<TooManyRequestsError> {
    const waitMs = await blockedForMs(db, keys, now);
    return new TooManyRequestsError(MESSAGES.loginThrottled, Math.ceil(waitMs / 1000));
  }

  /**
   * The session if it is still live: past its idle or absolute limit it is deleted (undefined);
   * a use more than TOUCH_INTERVAL_MS after the last one moves last-seen, unless `touch: false`.
   */
  async function live<T extends SessionRecord>(
    tokenHash: string,
    session: T | undefined,
    options: { touch?: boolean },
  ): Promise<T | undefined> {
    if (!session) return undefined;
    const now = Date.now();
    const idleExpired = session.lastSeenAt.getTime() + policy.idleMs <= now;
    if (idleExpired || session.expiresAt.getTime() <= now) {
      await repository.deleteSession(db, tokenHash);
      sessionEnded(tokenHash);
      return undefined;
    }
    if (options.touch !== false && now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      // The requests of a busy screen arrive together: one write, the others share it.
      let touch = touching.get(tokenHash);
      if (!touch) {
        touch = repository
          .touchSession(db, tokenHash, new Date(now), new Date(now - TOUCH_INTERVAL_MS))
          .finally(() => touching.delete(tokenHash));
        touching.set(tokenHash, touch);
      }
      await touch;
    }
    return session;
  }

  return {
    /**
     * Checks the credentials, and on success ends the session the browser came with (if any)
     * and starts a new one, so a session id planted before sign-in is never promoted.
     *
     * Every guess is counted before its password is checked (decision 0050): first against the
     * client address, then against the login id. A guess refused by the login id gives its
     * address count back, and a successful one gives both back.
     */
    async login(input: LoginRequest, address: string, previousToken: string | undefined) {
      const now = new Date();
      const { loginIdKey, addressKey } = throttleKeys(input.login_id, address);
      if (!(await reserveAttempt(db, addressKey, addressThreshold, now))) {
        throw await throttled([addressKey], now);
      }
      if (!(await reserveAttempt(db, loginIdKey, loginIdThreshold, now))) {
        await releaseAttempt(db, addressKey, addressThreshold);
        throw await throttled([loginIdKey, addressKey], now);
      }

      const record = await repository.findOperatorByLoginId(db, input.login_id);
      const valid = await verifyPassword(
        input.password,
        record?.passwordHash ?? (await hashForUnknownOperator()),
      );
      // The failure is already counted: the reservation above stays.
      // A deactivated operator is refused with the same words: the id's state is not revealed.
      if (!record || !valid || !record.active) throw new UnauthenticatedError(MESSAGES.loginFailed);

      const token = newSessionToken();
      await db.transaction(async (tx) => {
        if (previousToken) await repository.deleteSession(tx, hashSessionToken(previousToken));
        await repository.deleteExpiredSessions(
          tx,
          record.id,
          new Date(now.getTime() - policy.idleMs),
          now,
        );
        await repository.insertSession(tx, {
          tokenHash: hashSessionToken(token),
          operatorId: record.id,
          accountId: record.accountId,
          expiresAt: new Date(now.getTime() + policy.absoluteMs),
        });
        await repository.markSignedIn(tx, record.id, now);
        await clearAttempts(tx, loginIdKey);
        await releaseAttempt(tx, addressKey, addressThreshold);
      });
      if (previousToken) sessionEnded(hashSessionToken(previousToken));
      return { token, operator: toOperator(toAuthContext(record)) };
    },

    async logout(token: string): Promise<void> {
      const tokenHash = hashSessionToken(token);
      await repository.deleteSession(db, tokenHash);
      sessionEnded(tokenHash);
    },

    /**
     * Resolves a cookie token to its operator, ending sessions past their idle or absolute limit.
     * `touch: false` checks without counting as use (an open event stream is not activity).
     */
    async authenticate(
      token: string,
      options: { touch?: boolean } = {},
    ): Promise<AuthContext | undefined> {
      const tokenHash = hashSessionToken(token);
      const session = await live(tokenHash, await repository.findSession(db, tokenHash), options);
      return session && toAuthContext(session.operator);
    },

    /**
     * `authenticate` for a route of the salon plugin (decision 0500): the same session checks,
     * and in the same query the path's salon — null when it is not a salon of the operator's
     * account — with its data version, which the salon scope then uses.
     */
    async authenticateWithSalon(
      token: string,
      salonId: number,
    ): Promise<{ auth: AuthContext; salon: SessionSalon | null } | undefined> {
      const tokenHash = hashSessionToken(token);
      const session = await live(
        tokenHash,
        await repository.findSessionWithSalon(db, tokenHash, salonId),
        {},
      );
      return session && { auth: toAuthContext(session.operator), salon: session.salon };
    },

    /** Tells the listeners about sessions another module deleted (an operator deactivated). */
    sessionsEnded(tokenHashes: readonly string[]): void {
      for (const tokenHash of tokenHashes) sessionEnded(tokenHash);
    },

    /** Calls `listener` with the token hash of each session this process ends. */
    onSessionEnded(listener: (tokenHash: string) => void): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },

    async me(auth: AuthContext): Promise<MeResponse> {
      const account = await repository.findAccount(db, auth.accountId);
      if (!account) throw new NotFoundError(MESSAGES.notFound);
      const brand = brandForResellerCode(account.resellerCode);
      return {
        operator: toOperator(auth),
        account: {
          id: account.id,
          name: account.name,
          reseller_code: account.resellerCode,
          brand_label: brand.label,
          brand_theme: brand.theme,
          consent: account.consent,
        },
        permission_keys: auth.permissionKeys,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
