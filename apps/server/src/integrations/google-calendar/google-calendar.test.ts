/**
 * VendAI's Google Calendar client (Google's own `google-auth-library` and `@googleapis/calendar`) against the
 * local stand-in, which speaks Google's protocol (packages/gcal-standin; its contract cites Google's pages:
 * https://developers.google.com/identity/protocols/oauth2/web-server,
 * https://developers.google.com/calendar/api/guides/sync, https://developers.google.com/calendar/api/guides/errors).
 * Only the configured addresses change: no traffic leaves 127.0.0.1.
 */
import { type GcalStandin, startGcalStandin } from '@vendai/gcal-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdOf, GoogleAccessRevoked, GoogleCalendarClient } from './google-calendar.ts';

const REDIRECT = 'http://127.0.0.1:9/api/agenda/google/callback';
let g: GcalStandin;
let client: GoogleCalendarClient;

beforeAll(async () => {
  g = await startGcalStandin({ clients: [{ clientId: 'cid', clientSecret: 'csecret', redirectUris: [REDIRECT] }] });
  client = new GoogleCalendarClient({
    clientId: 'cid',
    clientSecret: 'csecret',
    redirectUri: REDIRECT,
    authUrl: g.authUrl,
    tokenUrl: g.tokenUrl,
    apiRootUrl: `${g.baseUrl}/`,
  });
});
afterAll(() => g.close());

const link = async (email: string) => {
  const consent = new URL(client.consentUrl('state-1'));
  expect(consent.origin).toBe(new URL(g.authUrl).origin);
  expect(consent.searchParams.get('access_type')).toBe('offline');
  expect((await fetch(consent)).status).toBe(200);
  const code = g.authorize({ clientId: 'cid', redirectUri: REDIRECT, email });
  return client.exchangeCode(code);
};

const booking = {
  id: '0b9f1a52-7f4e-4f0e-9a53-3a1c2d4e5f60',
  summary: 'Corte — Carla Dias',
  start: new Date('2026-12-10T13:00:00Z'),
  end: new Date('2026-12-10T13:45:00Z'),
  timeZone: 'America/Sao_Paulo',
};

describe('Google Calendar through the official client', () => {
  it('links an account (authorization code, offline), writes, moves and deletes a booking once', async () => {
    const { refreshToken, calendarId } = await link('ana@clinica.com');
    expect(calendarId).toBe('ana@clinica.com');
    await client.putBooking(refreshToken, calendarId, booking);
    // A repeat (a retried job) updates the same event: no copy.
    await client.putBooking(refreshToken, calendarId, {
      ...booking,
      start: new Date('2026-12-11T13:00:00Z'),
      end: new Date('2026-12-11T13:45:00Z'),
    });
    const events = g.calendar('ana@clinica.com').all();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: eventIdOf(booking.id), summary: booking.summary, sequence: 1 });
    expect(events[0]!.start.dateTime).toBe('2026-12-11T13:00:00.000Z');
    await client.deleteBooking(refreshToken, calendarId, booking.id);
    await client.deleteBooking(refreshToken, calendarId, booking.id);
    expect(g.calendar('ana@clinica.com').all()[0]!.status).toBe('cancelled');
  });

  it('busy times from Google, and the changes since the last sync (a full list again after a 410)', async () => {
    const { refreshToken, calendarId } = await link('bia@clinica.com');
    const cal = g.calendar('bia@clinica.com');
    const dentist = cal.insert({
      summary: 'Dentista',
      start: { dateTime: '2026-12-10T14:00:00-03:00' },
      end: { dateTime: '2026-12-10T15:00:00-03:00' },
    });
    const busy = await client.busy(
      refreshToken,
      calendarId,
      new Date('2026-12-10T00:00:00Z'),
      new Date('2026-12-11T00:00:00Z'),
    );
    expect(busy).toEqual([{ start: new Date('2026-12-10T17:00:00Z'), end: new Date('2026-12-10T18:00:00Z') }]);

    const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
    const first = await client.changes(refreshToken, calendarId, null, window);
    expect(first.full).toBe(true);
    expect(first.events.map((e) => [e.id, e.busy])).toEqual([[dentist.id, true]]);
    cal.delete(dentist.id);
    await client.putBooking(refreshToken, calendarId, { ...booking, id: '1b9f1a52-7f4e-4f0e-9a53-3a1c2d4e5f60' });
    const delta = await client.changes(refreshToken, calendarId, first.syncToken, window);
    expect(delta.full).toBe(false);
    expect(delta.events.map((e) => [e.id, e.busy, e.vendai]).sort()).toEqual(
      [
        [dentist.id, false, false],
        [eventIdOf('1b9f1a52-7f4e-4f0e-9a53-3a1c2d4e5f60'), true, true],
      ].sort(),
    );
    cal.expireSyncTokens();
    const again = await client.changes(refreshToken, calendarId, delta.syncToken, window);
    expect(again.full).toBe(true);
    expect(again.syncToken).toBeTruthy();
  });

  it('an expired access token is refreshed by the library; a revoked grant says so', async () => {
    const { refreshToken, calendarId } = await link('cau@clinica.com');
    await client.busy(refreshToken, calendarId, new Date('2026-12-10T00:00:00Z'), new Date('2026-12-11T00:00:00Z'));
    g.expireAccessTokens();
    const before = g.requests.filter((r) => r.path === '/token').length;
    await client.busy(refreshToken, calendarId, new Date('2026-12-10T00:00:00Z'), new Date('2026-12-11T00:00:00Z'));
    expect(g.requests.filter((r) => r.path === '/token').length).toBeGreaterThan(before);
    g.revoke('cau@clinica.com');
    g.expireAccessTokens();
    await expect(client.putBooking(refreshToken, calendarId, booking)).rejects.toBeInstanceOf(GoogleAccessRevoked);
  });
});
