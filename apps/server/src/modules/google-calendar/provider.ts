/**
 * What the salon needs from Google Calendar (decision 0012), behind one interface so tests and
 * the demo use an in-memory fake and production uses Google's official client.
 */

/** OAuth tokens of one connected Google account. Secrets: stored, never returned or logged. */
export interface GoogleTokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface GoogleCalendarInfo {
  id: string;
  summary: string;
  primary: boolean;
}

/** One timed event (a single instance of a recurring one); all-day events have no times. */
export interface GoogleEvent {
  id: string;
  summary: string;
  /** RFC 3339 instants, or undefined for all-day events. */
  start?: string;
  end?: string;
}

/** A provider answer, with the tokens the provider refreshed on the way (to be stored). */
export interface WithTokens<T> {
  value: T;
  refreshed?: GoogleTokenSet;
}

/** A reservation as written to a staff member's calendar (decision 0273). */
export interface GoogleEventBody {
  summary: string;
  description: string;
  /** RFC 3339 instants (Asia/Tokyo offsets). */
  start: string;
  end: string;
}

/** `forbidden`: the token lacks the scope the call needs (a write on a read-only grant). */
export type GoogleFailure = 'unauthorized' | 'forbidden' | 'not_found' | 'unavailable';

/** The provider's failures, by kind: the service maps them to 401 / 404 or 400 / 503. */
export class GoogleProviderError extends Error {
  constructor(
    readonly kind: GoogleFailure,
    message: string = kind,
  ) {
    super(message);
  }
}

export interface GoogleCalendarProvider {
  readonly kind: 'google' | 'fake';
  /** The consent page to send the operator to; `state` comes back to the callback. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades the callback's code for tokens and the account's e-mail address. */
  exchangeCode(
    code: string,
    redirectUri: string,
  ): Promise<{ email: string; tokens: GoogleTokenSet }>;
  listCalendars(tokens: GoogleTokenSet): Promise<WithTokens<GoogleCalendarInfo[]>>;
  /** Timed and all-day events overlapping [timeMin, timeMax), recurring ones expanded. */
  listEvents(
    tokens: GoogleTokenSet,
    calendarId: string,
    window: { timeMin: Date; timeMax: Date },
  ): Promise<WithTokens<GoogleEvent[]>>;
  /**
   * Writes the event `eventId` (our own id, decision 0273): updated when it exists, else
   * inserted with that id — so a retry never makes a second event.
   */
  putEvent(
    tokens: GoogleTokenSet,
    calendarId: string,
    eventId: string,
    body: GoogleEventBody,
  ): Promise<WithTokens<void>>;
  /** Deletes the event; one already gone counts as deleted. */
  deleteEvent(
    tokens: GoogleTokenSet,
    calendarId: string,
    eventId: string,
  ): Promise<WithTokens<void>>;
}
