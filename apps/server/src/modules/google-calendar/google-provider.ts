import { statusOf, toProviderError } from './google-errors.js';
import {
  GoogleProviderError,
  type GoogleCalendarProvider,
  type GoogleEvent,
  type GoogleTokenSet,
  type WithTokens,
} from './provider.js';

/**
 * Reading calendars and events for the shift import (decision 0012), and writing the staff's
 * reservations as events (decision 0273). Accounts connected before the write scope connect
 * again to grant it.
 */
const SCOPES = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

/** Google answers a page of at most 2,500 events; a shift window never comes close. */
const MAX_EVENT_PAGES = 10;

/**
 * The real provider: Google's official Calendar client (`@googleapis/calendar`) with OAuth 2.0
 * tokens. Loaded only when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are set.
 */
export async function createGoogleProvider(options: {
  clientId: string;
  clientSecret: string;
  /**
   * One origin standing in for Google's OAuth and Calendar hosts (GOOGLE_API_BASE): tests run
   * this provider, Google's own client included, against a fake Google on loopback.
   */
  apiBase?: string | undefined;
}): Promise<GoogleCalendarProvider> {
  const { auth, calendar } = await import('@googleapis/calendar');
  const base = options.apiBase?.replace(/\/+$/, '');

  function clientFor(redirectUri?: string) {
    return new auth.OAuth2({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      ...(redirectUri ? { redirectUri } : {}),
      // Google may refuse an access token before its stored expiry (revoked, clock skew): then
      // refresh once and retry instead of calling the salon's connection broken.
      forceRefreshOnFailure: true,
      ...(base
        ? {
            endpoints: {
              oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
              oauth2TokenUrl: `${base}/token`,
              oauth2RevokeUrl: `${base}/revoke`,
            },
          }
        : {}),
    });
  }

  function calendarApi(client: ReturnType<typeof clientFor>) {
    return calendar({ version: 'v3', auth: client, ...(base ? { rootUrl: `${base}/` } : {}) });
  }

  /** A calendar client on the stored tokens, remembering any refresh it makes. */
  async function withClient<T>(
    tokens: GoogleTokenSet,
    run: (api: ReturnType<typeof calendarApi>) => Promise<T>,
  ): Promise<WithTokens<T>> {
    const client = clientFor();
    client.setCredentials({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expiry_date: tokens.expiresAt.getTime(),
    });
    let refreshed: GoogleTokenSet | undefined;
    client.on('tokens', (next) => {
      if (!next.access_token) return;
      refreshed = {
        accessToken: next.access_token,
        refreshToken: next.refresh_token ?? tokens.refreshToken,
        expiresAt: new Date(next.expiry_date ?? Date.now() + 3_600_000),
      };
    });
    try {
      const value = await run(calendarApi(client));
      return refreshed ? { value, refreshed } : { value };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  const provider: GoogleCalendarProvider = {
    kind: 'google',

    authorizeUrl(state, redirectUri) {
      return clientFor(redirectUri).generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: SCOPES,
        state,
      });
    },

    async exchangeCode(code, redirectUri) {
      let tokens: GoogleTokenSet;
      try {
        const { tokens: raw } = await clientFor(redirectUri).getToken(code);
        if (!raw.access_token || !raw.refresh_token) {
          throw new GoogleProviderError('unauthorized', 'google: no offline tokens granted');
        }
        tokens = {
          accessToken: raw.access_token,
          refreshToken: raw.refresh_token,
          expiresAt: new Date(raw.expiry_date ?? Date.now() + 3_600_000),
        };
      } catch (error) {
        throw toProviderError(error);
      }
      // The primary calendar's id is the account's address; no profile scope needed.
      const calendars = await provider.listCalendars(tokens);
      const primary = calendars.value.find((entry) => entry.primary);
      if (!primary) throw new GoogleProviderError('not_found', 'google: no primary calendar');
      return { email: primary.id, tokens: calendars.refreshed ?? tokens };
    },

    async listCalendars(tokens) {
      return withClient(tokens, async (api) => {
        const response = await api.calendarList.list({ maxResults: 250 });
        return (response.data.items ?? []).flatMap((item) =>
          item.id
            ? [
                {
                  id: item.id,
                  summary: item.summaryOverride ?? item.summary ?? item.id,
                  primary: item.primary === true,
                },
              ]
            : [],
        );
      });
    },

    async listEvents(tokens, calendarId, window) {
      return withClient(tokens, async (api) => {
        const events: GoogleEvent[] = [];
        let pageToken: string | undefined;
        for (let page = 0; page < MAX_EVENT_PAGES; page += 1) {
          const response = await api.events.list({
            calendarId,
            timeMin: window.timeMin.toISOString(),
            timeMax: window.timeMax.toISOString(),
            singleEvents: true,
            showDeleted: false,
            maxResults: 2500,
            ...(pageToken ? { pageToken } : {}),
          });
          for (const item of response.data.items ?? []) {
            if (!item.id || item.status === 'cancelled') continue;
            const start = item.start?.dateTime ?? undefined;
            const end = item.end?.dateTime ?? undefined;
            events.push({
              id: item.id,
              summary: item.summary ?? '',
              ...(start && end ? { start, end } : {}),
            });
          }
          pageToken = response.data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
        return events;
      });
    },

    async putEvent(tokens, calendarId, eventId, body) {
      return withClient(tokens, async (api) => {
        const requestBody = {
          summary: body.summary,
          description: body.description,
          start: { dateTime: body.start },
          end: { dateTime: body.end },
          status: 'confirmed',
        };
        try {
          await api.events.update({ calendarId, eventId, requestBody });
          return;
        } catch (error) {
          if (statusOf(error) !== 404) throw error;
        }
        try {
          await api.events.insert({ calendarId, requestBody: { ...requestBody, id: eventId } });
        } catch (error) {
          // Inserted meanwhile (a retry racing the first try): update it instead.
          if (statusOf(error) !== 409) throw error;
          await api.events.update({ calendarId, eventId, requestBody });
        }
      });
    },

    async deleteEvent(tokens, calendarId, eventId) {
      return withClient(tokens, async (api) => {
        try {
          await api.events.delete({ calendarId, eventId });
        } catch (error) {
          const status = statusOf(error);
          if (status !== 404 && status !== 410) throw error;
        }
      });
    },
  };
  return provider;
}
