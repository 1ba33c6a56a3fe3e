import {
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
import { createGoogleCaller, type GoogleLog } from './google-calls.js';
import { GoogleProviderError, type GoogleCalendarProvider } from './provider.js';
import * as repository from './repository.js';
import type { TokenRow } from './repository.js';
import type { TokenVault } from './token-vault.js';
import { requeueFailed, writeStatus } from './write-outbox.js';
import { createReservationWriter } from './write-reservation.js';

export type { GoogleLog } from './google-calls.js';

export interface SyncResult {
  imported: number;
  skipped: number;
  removed: number;
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

  const call = createGoogleCaller({ db, log, vault });
  const writeReservation = createReservationWriter({ db, provider, call });

  async function fetchShifts(token: TokenRow, calendarId: string) {
    const window = windowOf(todayInTokyo(now()), GOOGLE_SHIFT_WINDOW_DAYS);
    const events = await call(token, 'resync', (tokens) =>
      provider.listEvents(tokens, calendarId, window),
    );
    return { window, ...shiftsFromEvents(events, window) };
  }

  return {
    provider,
    writeReservation,

    /** RSV-39/40. */
    async overview(salonId: number): Promise<GoogleCalendars> {
      const [token, resources, associations, writes] = await Promise.all([
        repository.latestToken(db, salonId),
        resourceReader.list(db, salonId),
        repository.listAssociations(db, salonId),
        writeStatus(db, salonId),
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
        account: token
          ? { id: token.id, email: token.email, can_write: token.writeDeniedAt === null }
          : null,
        writes,
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
      const id = await repository.upsertToken(db, salonId, result.email, vault.seal(result.tokens));
      // Writes given up on (a read-only grant, Google down too long) go out again (decision 0295).
      await requeueFailed(db, salonId);
      return id;
    },
  };
}

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;
