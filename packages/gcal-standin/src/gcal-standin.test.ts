/**
 * The stand-in refuses what Google refuses, with Google's bodies. Written from Google's documentation:
 * - OAuth 2.0 for web server apps: https://developers.google.com/identity/protocols/oauth2/web-server
 *   (code exchange, refresh, `invalid_grant` "Token has been expired or revoked.", RFC 6749 section 5.2)
 * - Calendar API errors: https://developers.google.com/calendar/api/guides/errors
 *   (401 authError "Invalid Credentials", 400 timeRangeEmpty, 404 notFound, 410 deleted, 409 duplicate)
 * - Incremental sync: https://developers.google.com/calendar/api/guides/sync (nextSyncToken; 410 when it expired)
 * - events.insert (client ids are base32hex, 5–1024 chars):
 *   https://developers.google.com/calendar/api/v3/reference/events/insert
 * - freeBusy.query: https://developers.google.com/calendar/api/v3/reference/freebusy/query
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GcalStandin, startGcalStandin } from './index.ts';

const CLIENT = { clientId: 'vendai.apps.local', clientSecret: 's3cret', redirectUris: ['http://127.0.0.1/cb'] };
let g: GcalStandin;
beforeAll(async () => {
  g = await startGcalStandin({ clients: [CLIENT] });
});
afterAll(() => g.close());

const token = (fields: Record<string, string>) =>
  fetch(g.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

async function accessFor(email: string) {
  const code = g.authorize({ clientId: CLIENT.clientId, redirectUri: CLIENT.redirectUris[0]!, email });
  const res = await token({
    grant_type: 'authorization_code',
    code,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    redirect_uri: CLIENT.redirectUris[0]!,
  });
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

const api = (access: string | null, method: string, path: string, body?: unknown) =>
  fetch(`${g.baseUrl}/calendar/v3${path}`, {
    method,
    headers: {
      ...(access ? { authorization: `Bearer ${access}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const slot = (startIso: string, endIso: string) => ({
  start: { dateTime: startIso },
  end: { dateTime: endIso },
});

describe('OAuth 2.0 token endpoint', () => {
  it('exchanges a code once for an access and a refresh token; refreshes; refuses as Google does', async () => {
    const code = g.authorize({ clientId: CLIENT.clientId, redirectUri: CLIENT.redirectUris[0]!, email: 'ana@x.com' });
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: CLIENT.redirectUris[0]!,
    };
    const wrongRedirect = await token({ ...form, redirect_uri: 'http://127.0.0.1/other' });
    expect(wrongRedirect.status).toBe(400);
    // The code was spent by the refused attempt too: a code is tried once.
    const again = await token(form);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Malformed auth code.' });

    const t = await accessFor('ana@x.com');
    expect(t.refresh_token).toMatch(/^1\/\//);
    expect(t.expires_in).toBe(3599);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).not.toHaveProperty('refresh_token');

    const badSecret = await token({
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: CLIENT.clientId,
      client_secret: 'x',
    });
    expect(badSecret.status).toBe(401);
    expect(((await badSecret.json()) as { error: string }).error).toBe('invalid_client');
    expect((await token({ grant_type: 'password', client_id: CLIENT.clientId })).status).toBe(400);

    g.revoke('ana@x.com');
    const revoked = await token({
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    });
    expect(revoked.status).toBe(400);
    expect(await revoked.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it('the consent page refuses an unknown client or a redirect URI not registered', async () => {
    const url = (p: Record<string, string>) => `${g.authUrl}?${new URLSearchParams(p)}`;
    const ok = {
      client_id: CLIENT.clientId,
      redirect_uri: CLIENT.redirectUris[0]!,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/calendar.events',
    };
    expect((await fetch(url(ok))).status).toBe(200);
    expect((await fetch(url({ ...ok, client_id: 'nobody' }))).status).toBe(401);
    expect((await fetch(url({ ...ok, redirect_uri: 'http://evil.example/cb' }))).status).toBe(400);
  });
});

describe('Calendar API v3', () => {
  it('401 with Google’s error body on a missing, bad or expired token', async () => {
    const missing = await api(null, 'GET', '/calendars/primary/events');
    expect(missing.status).toBe(401);
    const bad = await api('ya29.nope', 'GET', '/calendars/primary/events');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      error: {
        errors: [
          {
            domain: 'global',
            reason: 'authError',
            message: 'Invalid Credentials',
            locationType: 'header',
            location: 'Authorization',
          },
        ],
        code: 401,
        message: 'Invalid Credentials',
        status: 'UNAUTHENTICATED',
      },
    });
    const { access_token } = await accessFor('exp@x.com');
    g.expireAccessTokens();
    expect((await api(access_token, 'GET', '/calendars/primary/events')).status).toBe(401);
  });

  it('insert refuses invalid times (400), a bad or repeated id; patch and delete; 404 and 410', async () => {
    const { access_token: a } = await accessFor('bia@x.com');
    const missingEnd = await api(a, 'POST', '/calendars/primary/events', {
      start: { dateTime: '2026-12-01T10:00:00-03:00' },
    });
    expect(missingEnd.status).toBe(400);
    expect(((await missingEnd.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'required',
    );
    const backwards = await api(
      a,
      'POST',
      '/calendars/primary/events',
      slot('2026-12-01T11:00:00-03:00', '2026-12-01T10:00:00-03:00'),
    );
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'timeRangeEmpty',
    );
    const noZone = await api(
      a,
      'POST',
      '/calendars/primary/events',
      slot('2026-12-01T10:00:00', '2026-12-01T11:00:00'),
    );
    expect(noZone.status).toBe(400);
    const badId = await api(a, 'POST', '/calendars/primary/events', {
      id: 'has-dash',
      ...slot('2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z'),
    });
    expect(badId.status).toBe(400);

    const made = await api(a, 'POST', '/calendars/primary/events', {
      id: 'vendai0abc1',
      summary: 'Corte',
      ...slot('2026-12-01T13:00:00Z', '2026-12-01T14:00:00Z'),
    });
    expect(made.status).toBe(200);
    const twice = await api(a, 'POST', '/calendars/primary/events', {
      id: 'vendai0abc1',
      ...slot('2026-12-01T13:00:00Z', '2026-12-01T14:00:00Z'),
    });
    expect(twice.status).toBe(409);
    const moved = await api(
      a,
      'PATCH',
      '/calendars/primary/events/vendai0abc1',
      slot('2026-12-02T13:00:00Z', '2026-12-02T14:00:00Z'),
    );
    expect((await moved.json()) as { sequence: number; summary: string }).toMatchObject({
      sequence: 1,
      summary: 'Corte',
    });
    expect((await api(a, 'DELETE', '/calendars/primary/events/vendai0abc1')).status).toBe(204);
    expect((await api(a, 'DELETE', '/calendars/primary/events/vendai0abc1')).status).toBe(410);
    expect((await api(a, 'PATCH', '/calendars/nobody@x.com/events/vendai0abc1', {})).status).toBe(404);
    expect((await api(a, 'DELETE', '/calendars/primary/events/nothere1')).status).toBe(404);
  });

  it('list: a window, then only the changes after the sync token (deletions as cancelled); 410 once it expired', async () => {
    const { access_token: a } = await accessFor('cau@x.com');
    const cal = g.calendar('cau@x.com');
    cal.insert({ summary: 'Dentista', ...slot('2026-12-03T12:00:00Z', '2026-12-03T13:00:00Z') });
    cal.insert({ summary: 'Fora da janela', ...slot('2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z') });
    const full = (await (
      await api(a, 'GET', '/calendars/primary/events?timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-31T00:00:00Z')
    ).json()) as { items: { id: string; summary: string }[]; nextSyncToken: string };
    expect(full.items.map((e) => e.summary)).toEqual(['Dentista']);
    const noOffset = await api(a, 'GET', '/calendars/primary/events?timeMin=2026-12-01T00:00:00');
    expect(noOffset.status).toBe(400);
    const mixed = await api(
      a,
      'GET',
      `/calendars/primary/events?syncToken=${full.nextSyncToken}&timeMin=2026-12-01T00:00:00Z`,
    );
    expect(mixed.status).toBe(400);

    cal.delete(full.items[0]!.id);
    const added = cal.insert({ summary: 'Almoço', ...slot('2026-12-04T15:00:00Z', '2026-12-04T16:00:00Z') });
    const delta = (await (
      await api(a, 'GET', `/calendars/primary/events?syncToken=${encodeURIComponent(full.nextSyncToken)}`)
    ).json()) as { items: { id: string; status: string }[] };
    expect(delta.items.map((e) => [e.id, e.status]).sort()).toEqual(
      [
        [full.items[0]!.id, 'cancelled'],
        [added.id, 'confirmed'],
      ].sort(),
    );

    cal.expireSyncTokens();
    const gone = await api(a, 'GET', `/calendars/primary/events?syncToken=${encodeURIComponent(full.nextSyncToken)}`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'fullSyncRequired',
    );
  });

  it('freeBusy: opaque events in the window, clipped; an unknown calendar has an error; timeMin required', async () => {
    const { access_token: a } = await accessFor('dri@x.com');
    const cal = g.calendar('dri@x.com');
    cal.insert({ summary: 'Ocupado', ...slot('2026-12-05T12:00:00Z', '2026-12-05T14:00:00Z') });
    cal.insert({
      summary: 'Livre',
      transparency: 'transparent',
      ...slot('2026-12-05T15:00:00Z', '2026-12-05T16:00:00Z'),
    });
    const res = await api(a, 'POST', '/freeBusy', {
      timeMin: '2026-12-05T13:00:00Z',
      timeMax: '2026-12-06T00:00:00Z',
      items: [{ id: 'dri@x.com' }, { id: 'other@x.com' }],
    });
    expect(await res.json()).toMatchObject({
      kind: 'calendar#freeBusy',
      calendars: {
        'dri@x.com': { busy: [{ start: '2026-12-05T13:00:00.000Z', end: '2026-12-05T14:00:00.000Z' }] },
        'other@x.com': { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] },
      },
    });
    expect((await api(a, 'POST', '/freeBusy', { items: [] })).status).toBe(400);
  });
});
