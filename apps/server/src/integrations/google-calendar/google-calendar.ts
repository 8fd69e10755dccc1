import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';

/**
 * Google Calendar through Google's official clients (docs/decisions/070-agenda-in-the-chat.md):
 * `google-auth-library` for OAuth 2.0 (the authorization code flow with offline access, refresh tokens)
 * and `@googleapis/calendar` for the Calendar API v3. Where they talk is configuration only: the
 * consent page, the token endpoint and the API root (Google's by default, the local stand-in's in
 * development and tests; docs/configuration.md).
 */

export interface GoogleCalendarConfig {
  clientId: string;
  clientSecret: string;
  /** VendAI's callback, registered at Google as an authorized redirect URI. */
  redirectUri: string;
  /** Google's consent page (https://accounts.google.com/o/oauth2/v2/auth). */
  authUrl: string;
  /** Google's token endpoint (https://oauth2.googleapis.com/token). */
  tokenUrl: string;
  /** The Calendar API's root (https://www.googleapis.com/), `rootUrl` of the client. */
  apiRootUrl: string;
}

/** Read and write events: the least VendAI needs (https://developers.google.com/calendar/api/auth). */
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** The owner removed VendAI's access at Google, or the refresh token expired: the link must be made again. */
export class GoogleAccessRevoked extends Error {
  constructor() {
    super('O acesso ao Google Agenda foi removido ou expirou: conecte a agenda de novo.');
  }
}

export interface BusyTime {
  start: Date;
  end: Date;
}

/** A VendAI booking as an event (its id is the booking's, so a repeated insert is a 409, not a copy). */
export interface BookingEvent {
  id: string;
  summary: string;
  description?: string;
  start: Date;
  end: Date;
  timeZone: string;
}

/** An event seen by a sync: busy unless cancelled or free ('transparent'). */
export interface SyncedEvent {
  id: string;
  busy: boolean;
  start: Date | null;
  end: Date | null;
  /** Ours: an event VendAI wrote for a booking (its private property). */
  vendai: boolean;
}

const status = (err: unknown) => (err as { status?: number }).status ?? (err as { code?: unknown }).code;
const oauthError = (err: unknown) => (err as { response?: { data?: { error?: string } } }).response?.data?.error;

/** Google's event id for a booking: base32hex (a-v, 0-9), which a uuid's hex digits are. */
export const eventIdOf = (bookingId: string) => `vendai${bookingId.replace(/-/g, '').toLowerCase()}`;

function timeOf(t: calendar_v3.Schema$EventDateTime | undefined): Date | null {
  if (!t) return null;
  if (t.dateTime) return new Date(t.dateTime);
  if (t.date) return new Date(`${t.date}T00:00:00Z`);
  return null;
}

export class GoogleCalendarClient {
  private clients = new Map<string, OAuth2Client>();

  constructor(private readonly config: GoogleCalendarConfig) {}

  private oauth(): OAuth2Client {
    return new OAuth2Client({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.config.redirectUri,
      endpoints: { oauth2AuthBaseUrl: this.config.authUrl, oauth2TokenUrl: this.config.tokenUrl },
      // A 401 refreshes the access token once and repeats the call, even before its stated expiry
      // (Google may end an access token early: a password change, a revoked session).
      forceRefreshOnFailure: true,
    });
  }

  /** The consent page's address (offline access: Google returns a refresh token). */
  consentUrl(state: string): string {
    return this.oauth().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [CALENDAR_SCOPE],
      state,
      include_granted_scopes: true,
    });
  }

  /** The api for one refresh token (its access token is refreshed by the library when it expires). */
  private api(refreshToken: string): calendar_v3.Calendar {
    let auth = this.clients.get(refreshToken);
    if (!auth) {
      auth = this.oauth();
      auth.setCredentials({ refresh_token: refreshToken });
      if (this.clients.size > 500) this.clients.clear();
      this.clients.set(refreshToken, auth);
    }
    return calendar({ version: 'v3', auth, rootUrl: this.config.apiRootUrl, retry: false });
  }

  private async call<T>(refreshToken: string, run: (api: calendar_v3.Calendar) => Promise<T>): Promise<T> {
    try {
      return await run(this.api(refreshToken));
    } catch (err) {
      if (oauthError(err) === 'invalid_grant') {
        this.clients.delete(refreshToken);
        throw new GoogleAccessRevoked();
      }
      throw err;
    }
  }

  /** The code from Google's redirect → the refresh token to keep, and the account's calendar (its e-mail). */
  async exchangeCode(code: string): Promise<{ refreshToken: string; calendarId: string }> {
    let tokens;
    try {
      ({ tokens } = await this.oauth().getToken(code));
    } catch (err) {
      if (oauthError(err) === 'invalid_grant') throw new GoogleAccessRevoked();
      throw err;
    }
    if (!tokens.refresh_token) throw new Error('o Google não devolveu um token de atualização (acesso offline)');
    const refreshToken = tokens.refresh_token;
    const primary = await this.call(refreshToken, (api) => api.calendars.get({ calendarId: 'primary' }));
    return { refreshToken, calendarId: primary.data.id ?? 'primary' };
  }

  /** freeBusy.query: the busy times of the calendar in the window. */
  async busy(refreshToken: string, calendarId: string, from: Date, to: Date): Promise<BusyTime[]> {
    const res = await this.call(refreshToken, (api) =>
      api.freebusy.query({
        requestBody: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: [{ id: calendarId }] },
      }),
    );
    return (res.data.calendars?.[calendarId]?.busy ?? []).map((b) => ({
      start: new Date(b.start!),
      end: new Date(b.end!),
    }));
  }

  /** The booking's event, created or brought up to date (a repeat is harmless: same id). */
  async putBooking(refreshToken: string, calendarId: string, b: BookingEvent): Promise<void> {
    const body: calendar_v3.Schema$Event = {
      summary: b.summary,
      description: b.description ?? null,
      start: { dateTime: b.start.toISOString(), timeZone: b.timeZone },
      end: { dateTime: b.end.toISOString(), timeZone: b.timeZone },
      status: 'confirmed',
      extendedProperties: { private: { vendai: 'booking' } },
    };
    const id = eventIdOf(b.id);
    await this.call(refreshToken, async (api) => {
      try {
        await api.events.insert({ calendarId, requestBody: { ...body, id } });
      } catch (err) {
        if (status(err) !== 409) throw err;
        await api.events.patch({ calendarId, eventId: id, requestBody: body });
      }
    });
  }

  /** The booking's event removed; already gone (404, 410) is done. */
  async deleteBooking(refreshToken: string, calendarId: string, bookingId: string): Promise<void> {
    await this.call(refreshToken, async (api) => {
      try {
        await api.events.delete({ calendarId, eventId: eventIdOf(bookingId) });
      } catch (err) {
        if (status(err) !== 404 && status(err) !== 410) throw err;
      }
    });
  }

  /**
   * What changed in the calendar since `syncToken` (https://developers.google.com/calendar/api/guides/sync);
   * without one, or when Google says it expired (410), a full list of the window. `full` says which.
   */
  async changes(
    refreshToken: string,
    calendarId: string,
    syncToken: string | null,
    window: { from: Date; to: Date },
  ): Promise<{ events: SyncedEvent[]; syncToken: string | null; full: boolean }> {
    return this.call(refreshToken, async (api) => {
      const run = async (token: string | null) => {
        const events: SyncedEvent[] = [];
        let pageToken: string | undefined;
        let next: string | null;
        do {
          const res = await api.events.list({
            calendarId,
            singleEvents: true,
            maxResults: 250,
            ...(token
              ? { syncToken: token }
              : { timeMin: window.from.toISOString(), timeMax: window.to.toISOString() }),
            ...(pageToken ? { pageToken } : {}),
          });
          for (const e of res.data.items ?? [])
            events.push({
              id: e.id!,
              busy: e.status !== 'cancelled' && e.transparency !== 'transparent',
              start: timeOf(e.start),
              end: timeOf(e.end),
              vendai: e.extendedProperties?.private?.vendai === 'booking',
            });
          pageToken = res.data.nextPageToken ?? undefined;
          next = res.data.nextSyncToken ?? null;
        } while (pageToken);
        return { events, syncToken: next, full: !token };
      };
      try {
        return await run(syncToken);
      } catch (err) {
        if (syncToken && status(err) === 410) return run(null);
        throw err;
      }
    });
  }
}
