import {
  AVAILABILITY_MESSAGES,
  MEMBER_BOOKING_MESSAGES,
  PUBLIC_KEY_PATTERN,
  type MemberIdentity,
  type MemberSession,
  type MemberSessionInput,
} from '@tsunagu/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthenticatedError,
} from '../../lib/errors.js';
import {
  blockedForMs,
  hashSessionToken,
  newSessionToken,
  releaseAttempt,
  reserveAttempt,
} from '../auth/index.js';
import { lineChannelReader } from '../line/index.js';
import { liffFriendship } from './liff-friendship.js';
import { verifyLiffIdToken } from './liff-verify.js';
import * as repository from './repository.js';

import { MEMBER_SESSION_MS } from '../member-identity/index.js';

export { MEMBER_COOKIE, MEMBER_COOKIE_PATH, MEMBER_SESSION_MS } from '../member-identity/index.js';
/** Refused sign-ins per client address in the sign-in throttle's 15-minute window. */
export const MEMBER_SIGN_IN_ADDRESS_THRESHOLD = 60;

export interface MemberContext {
  memberId: number;
  accountId: number;
  displayName: string;
  iconUrl: string;
  demo: boolean;
  expiresAt: Date;
  /** The client address of the request (routes add it; the per-address limit counts it). */
  address?: string;
}

export function createMemberSessions(deps: { db: Database; config: Config; clock?: () => Date }) {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function salonOfKey(publicKey: string) {
    const salon = PUBLIC_KEY_PATTERN.test(publicKey)
      ? await repository.findSalonByKey(db, publicKey)
      : undefined;
    if (!salon) throw new NotFoundError(AVAILABILITY_MESSAGES.bookingNotFound);
    return salon;
  }

  /** The account's LINE Login channel id: its stored channel's, else the environment's. */
  async function loginChannelIdOf(accountId: number): Promise<string> {
    const stored = await lineChannelReader.find(db, accountId);
    return stored?.loginChannelId || config.LINE_LOGIN_CHANNEL_ID || '';
  }

  async function memberOf(accountId: number, input: MemberSessionInput, now: Date) {
    const channelId = await loginChannelIdOf(accountId);
    if (input.demo) {
      if (!config.SEED_DEMO || channelId)
        throw new ConflictError(MEMBER_BOOKING_MESSAGES.demoRefused);
      const member = await repository.findDemoMember(db, accountId);
      if (!member) throw new NotFoundError(MEMBER_BOOKING_MESSAGES.demoNoMember);
      return { member, demo: true };
    }
    if (!channelId) throw new ConflictError(MEMBER_BOOKING_MESSAGES.loginNotConfigured);
    const verified = await verifyLiffIdToken(config.LINE_API_BASE, input.id_token!, channelId, now);
    if (verified.kind === 'unreachable')
      throw new AppError(502, MEMBER_BOOKING_MESSAGES.lineUnreachable);
    if (verified.kind === 'refused')
      throw new UnauthenticatedError(MEMBER_BOOKING_MESSAGES.lineRefused);
    const friend = await liffFriendship(config.LINE_API_BASE, input.access_token);
    const member = await repository.findOrCreateMember(
      db,
      accountId,
      verified.lineUserId,
      verified,
    );
    // LINE calls them a friend, yet no friend has this user id: the LINE Login channel is not in
    // the Messaging API channel's provider, so its user ids differ (decision 0182).
    if (friend === true && member.followState === 'not_friend')
      await lineChannelReader.markLoginAttention(db, accountId);
    return { member, demo: false };
  }

  /** What a page of the account needs to sign the customer in (decision 0127). */
  async function identityOfAccount(
    accountId: number,
    token: string | undefined,
  ): Promise<MemberIdentity> {
    const row = token
      ? await repository.findLiveSession(db, hashSessionToken(token), clock())
      : undefined;
    const stored = await lineChannelReader.find(db, accountId);
    const channelId = await loginChannelIdOf(accountId);
    return {
      session:
        row && row.accountId === accountId
          ? {
              member: { display_name: row.displayName, icon_url: row.iconUrl },
              expires_at: row.expiresAt.toISOString(),
              demo: row.demo,
            }
          : null,
      liff_id: stored?.liffId ?? '',
      demo_available: Boolean(config.SEED_DEMO) && !channelId,
    };
  }

  /**
   * Signs a member in on a page of the account (the booking page; an event's page, issue 27):
   * the cookie's token and what the page shows.
   */
  async function signInToAccount(
    accountId: number,
    input: MemberSessionInput,
    address: string,
  ): Promise<{ token: string; session: MemberSession }> {
    const now = clock();
    // The sign-in throttle's counter (decisions 0003/0050), keyed apart from operators' keys:
    // reserved before LINE is asked, so parallel bad tokens cannot all pass.
    const key = `member-addr:${address}`;
    if (!(await reserveAttempt(db, key, MEMBER_SIGN_IN_ADDRESS_THRESHOLD, now))) {
      const waitMs = await blockedForMs(db, [key], now);
      throw new TooManyRequestsError(MEMBER_BOOKING_MESSAGES.rateLimited, Math.ceil(waitMs / 1000));
    }
    const { member, demo } = await memberOf(accountId, input, now);
    // Only refused sign-ins count (as for operators): many phones share one carrier address.
    await releaseAttempt(db, key, MEMBER_SIGN_IN_ADDRESS_THRESHOLD);
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_MS);
    await db.transaction((tx) =>
      repository.insertSession(
        tx,
        {
          tokenHash: hashSessionToken(token),
          memberId: member.id,
          accountId: accountId,
          demo,
          expiresAt,
        },
        now,
      ),
    );
    return {
      token,
      session: {
        member: { display_name: member.displayName, icon_url: member.iconUrl },
        expires_at: expiresAt.toISOString(),
        demo,
      },
    };
  }

  return {
    salonOfKey,

    /** What the page needs to sign the customer in (decision 0127); never another member. */
    async identity(publicKey: string, token: string | undefined): Promise<MemberIdentity> {
      const salon = await salonOfKey(publicKey);
      return identityOfAccount(salon.accountId, token);
    },

    identityOfAccount,

    /** Signs a member in on a salon's booking page; the cookie's token and what the page shows. */
    async signIn(
      publicKey: string,
      input: MemberSessionInput,
      address: string,
    ): Promise<{ token: string; session: MemberSession }> {
      const salon = await salonOfKey(publicKey);
      return signInToAccount(salon.accountId, input, address);
    },

    signInToAccount,

    /** The live member session of a token on a salon of its account, or 401. */
    async authenticate(token: string | undefined, accountId: number): Promise<MemberContext> {
      const row = token
        ? await repository.findLiveSession(db, hashSessionToken(token), clock())
        : undefined;
      if (!row || row.accountId !== accountId)
        throw new UnauthenticatedError(MEMBER_BOOKING_MESSAGES.unauthenticated);
      return row;
    },

    async signOut(token: string | undefined) {
      if (token) await repository.deleteSession(db, hashSessionToken(token));
    },
  };
}

export type MemberSessions = ReturnType<typeof createMemberSessions>;
