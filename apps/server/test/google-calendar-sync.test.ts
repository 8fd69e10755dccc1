/**
 * Google Calendar per professional, end to end against the local stand-in (GCAL_STANDIN_ENABLED; the
 * stand-in's contract cites Google's pages: packages/gcal-standin/src/gcal-standin.test.ts): the owner
 * links Dra. Ana's calendar (consent page, the code exchanged, the refresh token stored sealed); a booking
 * made, moved and cancelled in VendAI appears, moves and goes in Google (jobs queued by the booking events'
 * listener); a busy time added in Google blocks that slot in VendAI, and its removal frees it.
 */
import type { AgendaSetup, Booking } from '@vendai/contracts';
import type { GcalStandin } from '@vendai/gcal-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleCalendarLinks } from '../src/db/schema/index.ts';
import { eventIdOf } from '../src/integrations/google-calendar/google-calendar.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let owner: InboxPerson;
let setup: AgendaSetup;
let g: GcalStandin;
const EMAIL = 'dra.ana@clinica.com';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { GCAL_STANDIN_ENABLED: 'true' } });
  g = t.app.googleCalendar.standin!;
  owner = await personWithNumber(t);
  const res = await owner.client.post('/api/agenda/quick-setup', {
    professionalName: 'Dra. Ana',
    service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
  });
  expect(res.statusCode, res.body).toBe(200);
  setup = res.json();
}, 60_000);
afterAll(() => t?.close());

const ana = () => setup.professionals[0]!.id;
const calendarEvent = (bookingId: string) =>
  g
    .calendar(EMAIL)
    .all()
    .find((e) => e.id === eventIdOf(bookingId));

async function freeSlots() {
  const from = new Date();
  const q = new URLSearchParams({
    serviceId: setup.services[0]!.id,
    from: from.toISOString(),
    to: new Date(from.getTime() + 14 * DAY).toISOString(),
  });
  return ((await owner.client.get(`/api/agenda/slots?${q}`)).json() as { items: { startsAt: string }[] }).items;
}

describe('Google Calendar sync', () => {
  it('links a professional’s calendar through Google’s consent and keeps the refresh token sealed', async () => {
    const connect = await owner.client.post(`/api/agenda/google/${ana()}/connect`);
    expect(connect.statusCode, connect.body).toBe(200);
    const consent = new URL((connect.json() as { url: string }).url);
    expect(consent.origin).toBe(new URL(g.authUrl).origin);
    // The consent page's 'Permitir' (its form, as the browser posts it).
    const form = new URLSearchParams({
      client_id: consent.searchParams.get('client_id')!,
      redirect_uri: consent.searchParams.get('redirect_uri')!,
      scope: consent.searchParams.get('scope')!,
      state: consent.searchParams.get('state')!,
      access_type: consent.searchParams.get('access_type')!,
      email: EMAIL,
    });
    const approved = await fetch(`${g.baseUrl}/o/oauth2/v2/auth/approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe('/api/agenda/google/callback');
    // Google sends the browser back; the callback needs no session (the state is signed).
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/\/agenda\?google=conectado$/);
    const [link] = await t.database.db
      .select()
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.professionalId, ana()));
    expect(link!.calendarId).toBe(EMAIL);
    expect(link!.refreshTokenSealed).not.toMatch(/^1\/\//);
    const listed = (await owner.client.get('/api/agenda/google')).json() as {
      configured: boolean;
      links: { calendarId: string }[];
    };
    expect(listed).toMatchObject({ configured: true, links: [{ calendarId: EMAIL }] });

    // A tampered state links nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/agenda/google/callback?code=x&state=${encodeURIComponent(`${consent.searchParams.get('state')!}x`)}`,
    });
    expect(forged.headers.location).toMatch(/google=erro$/);
  });

  it('a booking made, moved and cancelled in VendAI is created, moved and removed in Google', async () => {
    const [first, , third] = await freeSlots();
    const made = await owner.client.post('/api/agenda/bookings', {
      serviceId: setup.services[0]!.id,
      startsAt: first!.startsAt,
      customerName: 'Carla Dias',
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as Booking;
    await waitFor(async () => calendarEvent(booking.id)?.status === 'confirmed', 'the event in Google');
    expect(calendarEvent(booking.id)).toMatchObject({ summary: 'Limpeza — Carla Dias' });
    expect(new Date(calendarEvent(booking.id)!.start.dateTime!).toISOString()).toBe(first!.startsAt);

    const moved = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/bookings/${booking.id}/time`,
      payload: { startsAt: third!.startsAt, version: booking.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await waitFor(
      async () => new Date(calendarEvent(booking.id)?.start.dateTime ?? 0).toISOString() === third!.startsAt,
      'the event moved',
    );
    expect(
      g
        .calendar(EMAIL)
        .all()
        .filter((e) => e.status !== 'cancelled'),
    ).toHaveLength(1);

    expect((await owner.client.post(`/api/agenda/bookings/${booking.id}/cancel`)).statusCode).toBe(200);
    await waitFor(async () => calendarEvent(booking.id)?.status === 'cancelled', 'the event removed');
  });

  it('a booking moved to another professional leaves the first one’s calendar', async () => {
    const bia = await owner.client.post('/api/agenda/professionals', { name: 'Bia' });
    expect(bia.statusCode, bia.body).toBe(201);
    // Both do it (no one named: every active professional).
    const service = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/services/${setup.services[0]!.id}`,
      payload: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60, professionalIds: [] },
    });
    expect(service.statusCode, service.body).toBe(200);
    const [first, second] = await freeSlots();
    const made = await owner.client.post('/api/agenda/bookings', {
      serviceId: setup.services[0]!.id,
      professionalId: ana(),
      startsAt: first!.startsAt,
      customerName: 'Duda',
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as Booking;
    await waitFor(async () => calendarEvent(booking.id)?.status === 'confirmed', 'the event in Ana’s calendar');
    const moved = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/bookings/${booking.id}/time`,
      payload: { startsAt: second!.startsAt, version: booking.version, professionalId: bia.json().id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await waitFor(async () => calendarEvent(booking.id)?.status === 'cancelled', 'the event gone from Ana’s calendar');
    await owner.client.post(`/api/agenda/bookings/${booking.id}/cancel`);
    // Ana alone again, as the next tests expect.
    await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/services/${setup.services[0]!.id}`,
      payload: {
        name: 'Limpeza',
        durationMinutes: 60,
        priceCents: 15000,
        minNoticeMinutes: 60,
        professionalIds: [ana()],
      },
    });
  });

  it('a busy time added in Google blocks the slot in VendAI; deleted there, the slot is free again', async () => {
    const [, second] = await freeSlots();
    const start = new Date(second!.startsAt);
    const dentist = g.calendar(EMAIL).insert({
      summary: 'Dentista (particular)',
      start: { dateTime: start.toISOString() },
      end: { dateTime: new Date(start.getTime() + 30 * 60_000).toISOString() },
    });
    expect((await owner.client.post(`/api/agenda/google/${ana()}/sync`)).statusCode).toBe(204);
    expect((await freeSlots()).map((s) => s.startsAt)).not.toContain(second!.startsAt);

    g.calendar(EMAIL).delete(dentist.id);
    expect((await owner.client.post(`/api/agenda/google/${ana()}/sync`)).statusCode).toBe(204);
    expect((await freeSlots()).map((s) => s.startsAt)).toContain(second!.startsAt);
  });

  it('disconnecting removes the link and Google’s blocks; another account’s professional is a 404', async () => {
    const other = await personWithNumber(t);
    expect((await other.client.post(`/api/agenda/google/${ana()}/connect`)).statusCode).toBe(404);
    expect((await other.client.request({ method: 'DELETE', url: `/api/agenda/google/${ana()}` })).statusCode).toBe(404);
    expect((await owner.client.request({ method: 'DELETE', url: `/api/agenda/google/${ana()}` })).statusCode).toBe(204);
    expect(((await owner.client.get('/api/agenda/google')).json() as { links: unknown[] }).links).toEqual([]);
  });
});
