import {
  ERROR_REASON_HEADER,
  ERROR_REASONS,
  CATALOG_MESSAGES,
  GOOGLE_MESSAGES,
  GOOGLE_SHIFT_WINDOW_DAYS,
  googlePurposeSchema,
  type GoogleCalendars,
  type GoogleLinkInput,
  type GooglePurpose,
  todayInTokyo,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import { resourceReader } from '../salon-resources/index.js';
import { shiftsFromEvents, windowOf } from './import.js';
import {
  GoogleProviderError,
  type GoogleCalendarProvider,
  type GoogleTokenSet,
  type WithTokens,
} from './provider.js';
import * as repository from './repository.js';
import type { TokenRow } from './repository.js';
import * as written from './reservation-events.js';
import type { TokenVault } from './token-vault.js';

export interface SyncResult {
  imported: number;
  skipped: number;
  removed: number;
}

type Step = 'read' | 'link' | 'resync' | 'write';

/** The little of the logger the service uses (the app passes its pino logger). */
export interface GoogleLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * A provider failure as the answer the console expects (RSV-43/45/47): Google's 401 is a 401
 * with our message; a calendar that is gone is 404 when linking and 400 when re-syncing; an
 * unreachable Google is 503 (the console then says 再取得に失敗しました and the like).
 */
function httpError(error: unknown, step: Step): unknown {
  if (!(error instanceof GoogleProviderError)) return error;
  if (error.kind === 'unauthorized') {
    return new AppError(401, GOOGLE_MESSAGES.unauthorized, undefined, {
      // Google's own 401, not our session's: the console must not go back to the login page.
      [ERROR_REASON_HEADER]: ERROR_REASONS.googleUnauthorized,
    });
  }
  if (error.kind === 'not_found') {
    return step === 'resync'
      ? new AppError(400, GOOGLE_MESSAGES.calendarNotFound)
      : new NotFoundError(GOOGLE_MESSAGES.calendarNotFound);
  }
  return new AppError(503, GOOGLE_MESSAGES.unavailable);
}

export function createGoogleCalendarService(deps: {
  db: Database;
  provider: GoogleCalendarProvider;
  log: GoogleLog;
  /** Seals tokens before they are stored and opens them for each call (encryption at rest). */
  vault: TokenVault;
  now?: () => Date;
}) {
  const { db, provider, log, vault } = deps;
  const now = deps.now ?? (() => new Date());

  /** Calls the provider on a stored account, keeping the tokens it refreshed on the way. */
  async function call<T>(
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
      // The provider's message names the kind only; tokens never reach the log.
      if (error instanceof GoogleProviderError) {
        log.warn({ google: error.kind, step, tokenId: token.id }, 'google calendar call failed');
      }
      throw httpError(error, step);
    }
  }

  async function fetchShifts(token: TokenRow, calendarId: string) {
    const window = windowOf(todayInTokyo(now()), GOOGLE_SHIFT_WINDOW_DAYS);
    const events = await call(token, 'resync', (tokens) =>
      provider.listEvents(tokens, calendarId, window),
    );
    return { window, ...shiftsFromEvents(events, window) };
  }

  /**
   * Brings a reservation's Google event in line with the reservation (decision 0273): written
   * (updated, or inserted under our own id) on its staff member's `reservation` calendar while
   * it holds its slot; deleted when it is cancelled, deleted, or moved to a staff member with
   * another calendar or none. Idempotent: running it again changes nothing and never makes a
   * second event.
   */
  async function writeReservation(salonId: number, reservationId: number): Promise<void> {
    const wanted = await written.wantedEvent(db, salonId, reservationId);
    const stored = await written.writtenEvent(db, reservationId);
    const same =
      stored &&
      wanted &&
      stored.tokenId === wanted.tokenId &&
      stored.googleCalendarId === wanted.calendarId;
    if (stored && !same) {
      const token = await repository.findToken(db, salonId, stored.tokenId);
      if (token)
        await call(token, 'write', (tokens) =>
          provider.deleteEvent(tokens, stored.googleCalendarId, stored.googleEventId),
        );
      await written.forgetWritten(db, reservationId);
    }
    if (!wanted) return;
    const token = await repository.findToken(db, salonId, wanted.tokenId);
    if (!token) return;
    const eventId = same ? stored.googleEventId : written.eventIdOf(salonId, reservationId);
    await call(token, 'write', (tokens) =>
      provider.putEvent(tokens, wanted.calendarId, eventId, wanted.body),
    );
    await written.recordWritten(db, {
      salonId,
      reservationId,
      tokenId: token.id,
      googleCalendarId: wanted.calendarId,
      googleEventId: eventId,
    });
  }

  return {
    provider,
    writeReservation,

    /**
     * After reservation events were published: each reservation they moved is written to
     * Google. A failure is logged and left for the next change of that reservation (the
     * booking itself has succeeded).
     */
    async afterEvents(
      events: { salonId: number; reservationId: number; type: written.CalendarEventType }[],
    ): Promise<void> {
      const seen = new Set<string>();
      for (const event of events) {
        const key = `${event.salonId}:${event.reservationId}`;
        if (!written.CALENDAR_EVENT_TYPES.has(event.type) || seen.has(key)) continue;
        seen.add(key);
        try {
          await writeReservation(event.salonId, event.reservationId);
        } catch (error) {
          log.warn(
            {
              reservationId: event.reservationId,
              err: error instanceof Error ? error.message : error,
            },
            'google calendar reservation write failed',
          );
        }
      }
    },

    /** RSV-39/40. */
    async overview(salonId: number): Promise<GoogleCalendars> {
      const [token, resources, associations] = await Promise.all([
        repository.latestToken(db, salonId),
        resourceReader.list(db, salonId),
        repository.listAssociations(db, salonId),
      ]);
      let calendars: GoogleCalendars['calendars'] = [];
      let calendarsError: string | null = null;
      if (token) {
        try {
          calendars = await call(token, 'read', (tokens) => provider.listCalendars(tokens));
        } catch (error) {
          // RSV: failed fetches are only logged; the links stay visible.
          calendarsError = error instanceof AppError ? error.message : GOOGLE_MESSAGES.unavailable;
          if (!(error instanceof AppError)) throw error;
        }
      }
      return {
        account: token ? { id: token.id, email: token.email } : null,
        calendars,
        calendars_error: calendarsError,
        salon_resources: resources.map((resource) => ({ id: resource.id, name: resource.name })),
        associations: associations.map((row) => ({
          id: row.id,
          google_token_id: row.tokenId,
          salon_resource_id: row.resourceId,
          google_calendar_id: row.googleCalendarId,
          calendar_summary: row.calendarSummary,
          purpose: googlePurposeSchema.parse(row.purpose),
          last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * RSV-41: links a calendar to a resource for one purpose (again = replaces). Everything
     * Google is asked happens before anything is written; a `shift` link imports at once.
     */
    async link(salonId: number, input: GoogleLinkInput): Promise<SyncResult & { id: number }> {
      if (!(await resourceReader.exists(db, salonId, input.salon_resource_id)))
        throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
      const token = await repository.findToken(db, salonId, input.google_token_id);
      if (!token) throw new NotFoundError(GOOGLE_MESSAGES.tokenNotFound);
      const calendars = await call(token, 'link', (tokens) => provider.listCalendars(tokens));
      const calendar = calendars.find((entry) => entry.id === input.google_calendar_id);
      if (!calendar) throw new NotFoundError(GOOGLE_MESSAGES.calendarNotFound);
      const fetched =
        input.link_target === 'shift' ? await fetchShifts(token, calendar.id) : undefined;

      return db.transaction(async (tx) => {
        const id = await repository.upsertAssociation(tx, {
          salonId,
          tokenId: token.id,
          resourceId: input.salon_resource_id,
          googleCalendarId: calendar.id,
          calendarSummary: calendar.summary,
          purpose: input.link_target,
          lastSyncedAt: null,
        });
        if (!fetched) return { id, imported: 0, skipped: 0, removed: 0 };
        const { removed } = await repository.replaceImportedShifts(
          tx,
          salonId,
          input.salon_resource_id,
          fetched.window,
          fetched.shifts,
        );
        await repository.markSynced(tx, id);
        return { id, imported: fetched.shifts.length, skipped: fetched.skipped, removed };
      });
    },

    /**
     * RSV-44: removes a link. The shifts it imported stay (they are the staff's shifts); a
     * later link of the same calendar updates them in place.
     */
    async unlink(
      salonId: number,
      primaryId: number,
      purpose: string,
      associationId: number,
    ): Promise<void> {
      const parsed = googlePurposeSchema.safeParse(purpose);
      if (!parsed.success) throw new AppError(400, GOOGLE_MESSAGES.purposeMismatch);
      await db.transaction(async (tx) => {
        const association = await repository.lockAssociation(tx, salonId, associationId);
        if (!association || association.tokenId !== primaryId)
          throw new NotFoundError(GOOGLE_MESSAGES.associationNotFound);
        if (association.purpose !== (parsed.data satisfies GooglePurpose))
          throw new AppError(400, GOOGLE_MESSAGES.purposeMismatch);
        await repository.deleteAssociation(tx, salonId, associationId);
      });
    },

    /** RSV-46: imports the shift window again; the same events leave the same shifts. */
    async resync(salonId: number, primaryId: number, associationId: number): Promise<SyncResult> {
      const [association] = (await repository.listAssociations(db, salonId)).filter(
        (row) => row.id === associationId && row.tokenId === primaryId,
      );
      if (!association) throw new NotFoundError(GOOGLE_MESSAGES.associationNotFound);
      if (association.purpose !== 'shift') throw new AppError(400, GOOGLE_MESSAGES.resyncNotShift);
      const token = await repository.findToken(db, salonId, association.tokenId);
      if (!token) throw new AppError(401, GOOGLE_MESSAGES.tokenNotFound);
      const fetched = await fetchShifts(token, association.googleCalendarId);
      return db.transaction(async (tx) => {
        // The link may have gone or changed while Google answered.
        const locked = await repository.lockAssociation(tx, salonId, associationId);
        if (!locked || locked.googleCalendarId !== association.googleCalendarId)
          throw new NotFoundError(GOOGLE_MESSAGES.associationNotFound);
        const { removed } = await repository.replaceImportedShifts(
          tx,
          salonId,
          locked.resourceId,
          fetched.window,
          fetched.shifts,
        );
        await repository.markSynced(tx, associationId);
        return { imported: fetched.shifts.length, skipped: fetched.skipped, removed };
      });
    },

    /** The OAuth consent page (the console navigates there). */
    authorizeUrl(state: string, redirectUri: string): string {
      return provider.authorizeUrl(state, redirectUri);
    },

    /** The OAuth callback: stores the account's tokens for the salon; answers its id. */
    async connect(salonId: number, code: string, redirectUri: string): Promise<number> {
      let result: Awaited<ReturnType<GoogleCalendarProvider['exchangeCode']>>;
      try {
        result = await provider.exchangeCode(code, redirectUri);
      } catch (error) {
        if (error instanceof GoogleProviderError) {
          log.warn({ google: error.kind, step: 'connect' }, 'google oauth exchange failed');
          throw new AppError(400, GOOGLE_MESSAGES.oauthFailed);
        }
        throw error;
      }
      return repository.upsertToken(db, salonId, result.email, vault.seal(result.tokens));
    },
  };
}

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;
