import { ERROR_REASON_HEADER, ERROR_REASONS, GOOGLE_MESSAGES } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import { GoogleProviderError, type GoogleTokenSet, type WithTokens } from './provider.js';
import * as repository from './repository.js';
import type { TokenRow } from './repository.js';
import type { TokenVault } from './token-vault.js';

export type Step = 'read' | 'link' | 'resync' | 'write';

/** The little of the logger the service uses (the app passes its pino logger). */
export interface GoogleLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * A provider failure as the answer the console expects (RSV-43/45/47): Google's 401 is a 401
 * with our message; a calendar that is gone is 404 when linking and 400 when re-syncing; a
 * write without the events scope is 403; an unreachable Google is 503 (the console then says
 * 再取得に失敗しました and the like).
 */
export function httpError(error: unknown, step: Step): unknown {
  if (!(error instanceof GoogleProviderError)) return error;
  if (error.kind === 'unauthorized') {
    return new AppError(401, GOOGLE_MESSAGES.unauthorized, undefined, {
      // Google's own 401, not our session's: the console must not go back to the login page.
      [ERROR_REASON_HEADER]: ERROR_REASONS.googleUnauthorized,
    });
  }
  if (error.kind === 'forbidden') return new AppError(403, GOOGLE_MESSAGES.writeForbidden);
  if (error.kind === 'not_found') {
    return step === 'resync'
      ? new AppError(400, GOOGLE_MESSAGES.calendarNotFound)
      : new NotFoundError(GOOGLE_MESSAGES.calendarNotFound);
  }
  return new AppError(503, GOOGLE_MESSAGES.unavailable);
}

/**
 * Calls the provider on a stored account, keeping the tokens it refreshed on the way; a
 * provider failure is logged by kind (tokens never reach the log) and thrown as `httpError`.
 */
export function createGoogleCaller(deps: { db: Executor; log: GoogleLog; vault: TokenVault }) {
  const { db, log, vault } = deps;
  return async function call<T>(
    token: TokenRow,
    step: Step,
    run: (tokens: GoogleTokenSet) => Promise<WithTokens<T>>,
  ): Promise<T> {
    try {
      const result = await run(vault.open(token));
      if (result.refreshed)
        await repository.updateTokens(db, token.id, vault.seal(result.refreshed));
      return result.value;
    } catch (error) {
      if (error instanceof GoogleProviderError) {
        log.warn({ google: error.kind, step, tokenId: token.id }, 'google calendar call failed');
      }
      throw httpError(error, step);
    }
  };
}

export type GoogleCaller = ReturnType<typeof createGoogleCaller>;
