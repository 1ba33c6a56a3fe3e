import {
  dateValueOfEpochDay,
  epochDayOfDateValue,
  todayInTokyo,
  weekdayOfDateValue,
} from '@tsunagu/contracts';
import {
  GoogleProviderError,
  type GoogleCalendarInfo,
  type GoogleCalendarProvider,
  type GoogleEvent,
  type GoogleEventBody,
  type GoogleFailure,
  type GoogleTokenSet,
} from './provider.js';

export const FAKE_GOOGLE_EMAIL = 'salon.demo@example.com';
export const FAKE_SHIFT_CALENDAR_ID = 'staff-shifts@group.calendar.google.com';
export const FAKE_RESERVATION_CALENDAR_ID = 'reservations@group.calendar.google.com';

type Operation = 'exchangeCode' | 'listCalendars' | 'listEvents' | 'putEvent' | 'deleteEvent';

/** Working hours of the fake shift calendar by Tokyo weekday (0 = Sunday); none on Sunday. */
const FAKE_HOURS: Record<number, [string, string] | undefined> = {
  1: ['10:00', '19:00'],
  2: ['10:00', '19:00'],
  3: ['12:00', '20:00'],
  4: ['10:00', '19:00'],
  5: ['10:00', '19:00'],
  6: ['09:00', '17:00'],
};

/** A Tokyo date and time as an RFC 3339 instant. */
function tokyoInstant(date: string, time: string): string {
  return `${date}T${time}:00+09:00`;
}

/**
 * The deterministic in-memory stand-in for Google (tests, the demo, machines without Google
 * credentials). The shift calendar has the same week every week (plus one all-day event on the
 * 1st of each month, which the import skips); tests replace events and make calls fail.
 */
export function createFakeGoogleProvider() {
  const failures = new Map<Operation, { kind: GoogleFailure; remaining: number }>();
  const customEvents = new Map<string, GoogleEvent[]>();
  let issued = 0;

  function maybeFail(operation: Operation) {
    const failure = failures.get(operation);
    if (!failure) return;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failures.delete(operation);
    throw new GoogleProviderError(failure.kind, `fake ${operation} failure: ${failure.kind}`);
  }

  function calendarsOf(email: string): GoogleCalendarInfo[] {
    return [
      { id: email, summary: email, primary: true },
      { id: FAKE_SHIFT_CALENDAR_ID, summary: 'スタッフシフト', primary: false },
      { id: FAKE_RESERVATION_CALENDAR_ID, summary: 'サロン予約', primary: false },
    ];
  }

  /** The account a fake access token belongs to (`fake-access:<email>:<n>`). */
  function emailOf(tokens: GoogleTokenSet): string {
    const [prefix, email] = tokens.accessToken.split(':');
    if (prefix !== 'fake-access' || !email) throw new GoogleProviderError('unauthorized');
    return email;
  }

  function generatedShiftEvents(timeMin: Date, timeMax: Date): GoogleEvent[] {
    const events: GoogleEvent[] = [];
    // Tokyo dates covering the window (a day either side; instants are filtered below).
    const first = epochDayOfDateValue(todayInTokyo(timeMin));
    const last = epochDayOfDateValue(todayInTokyo(timeMax));
    for (let day = first; day <= last; day += 1) {
      const date = dateValueOfEpochDay(day);
      if (date.endsWith('-01')) {
        events.push({ id: `allday-${date.replaceAll('-', '')}`, summary: '棚卸し（終日）' });
      }
      const hours = FAKE_HOURS[weekdayOfDateValue(date)];
      if (!hours) continue;
      events.push({
        id: `shift-${date.replaceAll('-', '')}`,
        summary: '出勤',
        start: tokyoInstant(date, hours[0]),
        end: tokyoInstant(date, hours[1]),
      });
    }
    return events;
  }

  function overlaps(event: GoogleEvent, timeMin: Date, timeMax: Date): boolean {
    if (!event.start || !event.end) return true;
    return new Date(event.start) < timeMax && new Date(event.end) > timeMin;
  }

  const provider = {
    kind: 'fake' as const,

    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(redirectUri);
      url.searchParams.set('code', `fake-code:${FAKE_GOOGLE_EMAIL}`);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode(code: string) {
      maybeFail('exchangeCode');
      const [prefix, email] = code.split(':');
      if (prefix !== 'fake-code' || !email) throw new GoogleProviderError('unauthorized');
      issued += 1;
      return {
        email,
        tokens: {
          accessToken: `fake-access:${email}:${issued}`,
          refreshToken: `fake-refresh:${email}:${issued}`,
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      };
    },

    async listCalendars(tokens: GoogleTokenSet) {
      maybeFail('listCalendars');
      return { value: calendarsOf(emailOf(tokens)) };
    },

    async listEvents(
      tokens: GoogleTokenSet,
      calendarId: string,
      window: { timeMin: Date; timeMax: Date },
    ) {
      maybeFail('listEvents');
      const email = emailOf(tokens);
      if (!calendarsOf(email).some((calendar) => calendar.id === calendarId)) {
        throw new GoogleProviderError('not_found');
      }
      const all =
        customEvents.get(calendarId) ??
        (calendarId === FAKE_SHIFT_CALENDAR_ID
          ? generatedShiftEvents(window.timeMin, window.timeMax)
          : []);
      return { value: all.filter((event) => overlaps(event, window.timeMin, window.timeMax)) };
    },

    async putEvent(
      tokens: GoogleTokenSet,
      calendarId: string,
      eventId: string,
      body: GoogleEventBody,
    ) {
      maybeFail('putEvent');
      if (!calendarsOf(emailOf(tokens)).some((calendar) => calendar.id === calendarId))
        throw new GoogleProviderError('not_found');
      const events = (customEvents.get(calendarId) ?? []).filter((event) => event.id !== eventId);
      events.push({ id: eventId, summary: body.summary, start: body.start, end: body.end });
      customEvents.set(calendarId, events);
      return { value: undefined };
    },

    async deleteEvent(tokens: GoogleTokenSet, calendarId: string, eventId: string) {
      maybeFail('deleteEvent');
      emailOf(tokens);
      const events = customEvents.get(calendarId);
      if (events)
        customEvents.set(
          calendarId,
          events.filter((event) => event.id !== eventId),
        );
      return { value: undefined };
    },

    // ---- test controls

    /** The next `times` calls of `operation` fail with `kind`. */
    failWith(operation: Operation, kind: GoogleFailure, times = 1) {
      failures.set(operation, { kind, remaining: times });
    },
    /** Replaces a calendar's events (undefined: back to the generated ones). */
    setEvents(calendarId: string, events: GoogleEvent[] | undefined) {
      if (events) customEvents.set(calendarId, events);
      else customEvents.delete(calendarId);
    },
    reset() {
      failures.clear();
      customEvents.clear();
    },
    /** A code the fake callback accepts for another account. */
    codeFor(email: string) {
      return `fake-code:${email}`;
    },
    tokyoInstant,
  } satisfies GoogleCalendarProvider & Record<string, unknown>;
  return provider;
}

export type FakeGoogleProvider = ReturnType<typeof createFakeGoogleProvider>;
