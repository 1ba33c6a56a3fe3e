import type { Executor } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import type { GoogleCaller } from './google-calls.js';
import type { GoogleCalendarProvider, GoogleTokenSet, WithTokens } from './provider.js';
import * as repository from './repository.js';
import type { TokenRow } from './repository.js';
import * as written from './reservation-events.js';

/**
 * Brings a reservation's Google event in line with the reservation as it is now (decisions
 * 0273, 0295): written (updated, or inserted under our own id) on its staff member's
 * `reservation` calendar while it holds its slot; deleted when it is cancelled, deleted, or moved
 * to a staff member with another calendar or none. Idempotent: running it again changes nothing
 * and never makes a second event — the write dispatcher may run it after a lost answer.
 */
export function createReservationWriter(deps: {
  db: Executor;
  provider: GoogleCalendarProvider;
  call: GoogleCaller;
}) {
  const { db, provider } = deps;
  /** A write Google refused for want of the events scope marks the account (decision 0295). */
  async function call<T>(
    token: TokenRow,
    run: (tokens: GoogleTokenSet) => Promise<WithTokens<T>>,
  ): Promise<T> {
    try {
      return await deps.call(token, 'write', run);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 403)
        await repository.markWriteDenied(db, token.id);
      throw error;
    }
  }
  return async function writeReservation(salonId: number, reservationId: number): Promise<void> {
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
        await call(token, (tokens) =>
          provider.deleteEvent(tokens, stored.googleCalendarId, stored.googleEventId),
        );
      await written.forgetWritten(db, reservationId);
    }
    if (!wanted) return;
    const token = await repository.findToken(db, salonId, wanted.tokenId);
    if (!token) return;
    const eventId = same ? stored.googleEventId : written.eventIdOf(salonId, reservationId);
    await call(token, (tokens) =>
      provider.putEvent(tokens, wanted.calendarId, eventId, wanted.body),
    );
    await written.recordWritten(db, {
      salonId,
      reservationId,
      tokenId: token.id,
      googleCalendarId: wanted.calendarId,
      googleEventId: eventId,
    });
  };
}

export type ReservationWriter = ReturnType<typeof createReservationWriter>;
