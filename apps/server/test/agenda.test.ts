/**
 * The agenda over HTTP (docs/decisions/069-agenda.md): the quick setup (the owner as the one
 * professional on the business hours, a first service), free slots, bookings by hand, the database's
 * no-overlap constraint (buffers included; many bookings of one slot at once from two connections, the
 * app's and a second pool as another process would have: exactly one wins, the others 409 'Esse horário
 * acabou de ser reservado…'), moves with a version, cancel, no-show and attended, blocks, a conversation's
 * next appointment, the booking events, another account's ids. On PGlite and PostgreSQL.
 */
import { AGENDA_MESSAGES, type AgendaSetup, type Booking } from '@vendai/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import type { EngineEventPayload } from '../src/domain/engine-events/engine-events.ts';
import {
  type AgendaDeps,
  BookingConflict,
  bookAppointment,
  cancelBooking,
  findFreeSlots,
  listBookings,
  loadSlotContext,
  moveBooking,
  nextBookingOf,
  readSetup,
  setBookingStatus,
} from '../src/modules/agenda/index.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { addConversation, type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
let owner: InboxPerson;
let setup: AgendaSetup;
const created: EngineEventPayload<'booking.created'>[] = [];
const moved: EngineEventPayload<'booking.moved'>[] = [];
const cancelled: EngineEventPayload<'booking.cancelled'>[] = [];
const statuses: EngineEventPayload<'booking.status_changed'>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.on('booking.created', async (e) => void created.push(e));
  t.app.deps.events.on('booking.moved', async (e) => void moved.push(e));
  t.app.deps.events.on('booking.cancelled', async (e) => void cancelled.push(e));
  t.app.deps.events.on('booking.status_changed', async (e) => void statuses.push(e));
  owner = await personWithNumber(t);
  const res = await owner.client.post('/api/agenda/quick-setup', {
    professionalName: 'Dra. Ana',
    service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, bufferAfterMinutes: 15, minNoticeMinutes: 60 },
  });
  expect(res.statusCode, res.body).toBe(200);
  setup = res.json();
}, 60_000);
afterAll(() => t?.close());

const service = () => setup.services[0]!;
const ana = () => setup.professionals[0]!;
const DAY = 86_400_000;

async function slots(client: TestClient, from = new Date(), days = 14) {
  const q = new URLSearchParams({
    serviceId: service().id,
    from: from.toISOString(),
    to: new Date(from.getTime() + days * DAY).toISOString(),
  });
  const res = await client.get(`/api/agenda/slots?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { professionalId: string; startsAt: string; endsAt: string }[] }).items;
}

const book = (client: TestClient, startsAt: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/agenda/bookings', { serviceId: service().id, startsAt, customerName: 'Bruno', ...extra });

describe('agenda', () => {
  it('sets up a one-person business in one call: the owner on the business hours, a first service', async () => {
    expect(setup.professionals).toMatchObject([{ name: 'Dra. Ana', week: null, kind: 'person' }]);
    expect(setup.services).toMatchObject([
      { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, bufferAfterMinutes: 15, professionalIds: [ana().id] },
    ]);
    expect(setup.timeZone).toBe('America/Sao_Paulo');
    const free = await slots(owner.client);
    expect(free.length).toBeGreaterThan(10);
    // Default hours (Monday to Friday 08:00–18:00, Saturday to 13:00) in São Paulo (UTC−3): 11:00Z to 20:00Z.
    for (const s of free) {
      const hour = new Date(s.startsAt).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(11);
      expect(hour).toBeLessThan(21);
      expect(new Date(s.startsAt).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    }
  });

  it('refuses a second booking over the first, its buffer included, with a clear 409', async () => {
    const [first] = await slots(owner.client, new Date(Date.now() + 3 * DAY));
    const res = await book(owner.client, first!.startsAt);
    expect(res.statusCode, res.body).toBe(201);
    const booking: Booking = res.json();
    expect(booking).toMatchObject({ status: 'booked', source: 'owner', serviceName: 'Limpeza', priceCents: 15000 });
    const again = await book(owner.client, first!.startsAt);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(AGENDA_MESSAGES.slotTaken);
    // One hour later starts inside the first one's 15 minutes after.
    const inBuffer = await book(owner.client, new Date(new Date(booking.endsAt).getTime() + 10 * 60_000).toISOString());
    expect(inBuffer.statusCode).toBe(409);
    const after = await book(owner.client, new Date(new Date(booking.endsAt).getTime() + 15 * 60_000).toISOString());
    expect(after.statusCode, after.body).toBe(201);
    // The slots no longer offer the booked hour.
    expect((await slots(owner.client, new Date(Date.now() + 3 * DAY))).map((s) => s.startsAt)).not.toContain(
      first!.startsAt,
    );
    await waitFor(() => created.some((e) => e.bookingId === booking.id), 'booking.created');
    expect(created.find((e) => e.bookingId === booking.id)).toMatchObject({
      userId: owner.userId,
      convId: null,
      source: 'owner',
      status: 'booked',
      startsAt: booking.startsAt,
    });
  });

  it('gives one slot to exactly one of many bookings at once from two connections', async () => {
    const [slot] = await slots(owner.client, new Date(Date.now() + 5 * DAY));
    const second = t.database.pool ? await openDatabase({ databaseUrl: poolUrl(t), dataDir: 'memory://' }) : t.database;
    try {
      const viaHttp = Array.from({ length: 8 }, () => book(owner.client, slot!.startsAt));
      const viaOther = Array.from({ length: 8 }, (_, i) =>
        bookAppointment(
          { db: second.db, jobs: t.app.deps.jobs, events: t.app.deps.events, log: t.app.log },
          {
            accountId: owner.userId,
            serviceId: service().id,
            startsAt: new Date(slot!.startsAt),
            customerName: `Cliente ${i}`,
            source: 'ai',
            createdBy: 'ai',
          },
        ).then(
          () => 'won' as const,
          (err: unknown) => err,
        ),
      );
      const http = await Promise.all(viaHttp);
      const other = await Promise.all(viaOther);
      const wins = http.filter((r) => r.statusCode === 201).length + other.filter((r) => r === 'won').length;
      expect(wins).toBe(1);
      for (const r of http.filter((r) => r.statusCode !== 201)) {
        expect(r.statusCode).toBe(409);
        expect(r.json().error.message).toBe(AGENDA_MESSAGES.slotTaken);
      }
      for (const r of other.filter((r) => r !== 'won')) {
        expect(r).toBeInstanceOf(BookingConflict);
        expect((r as BookingConflict).reason).toBe('taken');
        expect((r as BookingConflict).message).toBe(AGENDA_MESSAGES.slotTaken);
      }
    } finally {
      if (second !== t.database) await second.close();
    }
  });

  it('moves with the version seen, cancels, marks no-show and attended', async () => {
    const free = await slots(owner.client, new Date(Date.now() + 7 * DAY));
    const res = await book(owner.client, free[0]!.startsAt);
    const booking: Booking = res.json();
    const to = free.find((s) => new Date(s.startsAt).getTime() >= new Date(booking.endsAt).getTime() + 60 * 60_000)!;
    const move = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/bookings/${booking.id}/time`,
      payload: { startsAt: to.startsAt, version: 1 },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json()).toMatchObject({ startsAt: to.startsAt, version: 2 });
    const stale = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/bookings/${booking.id}/time`,
      payload: { startsAt: free[0]!.startsAt, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(AGENDA_MESSAGES.moved);
    await waitFor(() => moved.some((e) => e.bookingId === booking.id && e.version === 2), 'booking.moved');

    const status = (status: string) =>
      owner.client.request({ method: 'PUT', url: `/api/agenda/bookings/${booking.id}/status`, payload: { status } });
    expect((await status('no_show')).json()).toMatchObject({ status: 'no_show' });
    // A no-show frees the time: someone else may take it.
    const other = await book(owner.client, to.startsAt);
    expect(other.statusCode, other.body).toBe(201);
    // Attended again would overlap the new one.
    const back = await status('attended');
    expect(back.statusCode).toBe(409);
    expect((await owner.client.post(`/api/agenda/bookings/${other.json().id}/cancel`)).json()).toMatchObject({
      status: 'cancelled',
    });
    expect((await status('attended')).json()).toMatchObject({ status: 'attended' });
    await waitFor(
      () =>
        statuses
          .filter((e) => e.bookingId === booking.id)
          .map((e) => e.status)
          .join() === 'no_show,attended',
      'booking.status_changed',
    );
    await waitFor(() => cancelled.some((e) => e.bookingId === other.json().id), 'booking.cancelled');
    // Cancelling twice is a no-op.
    expect((await owner.client.post(`/api/agenda/bookings/${other.json().id}/cancel`)).statusCode).toBe(200);
  });

  it('blocks time: its slots are no longer offered, and come back when it is removed', async () => {
    const from = new Date(Date.now() + 9 * DAY);
    const free = await slots(owner.client, from, 3);
    const first = free[0]!;
    const block = await owner.client.post('/api/agenda/blocks', {
      professionalId: null,
      startsAt: first.startsAt,
      endsAt: new Date(new Date(first.startsAt).getTime() + 2 * 60 * 60_000).toISOString(),
      reason: 'Almoço',
    });
    expect(block.statusCode, block.body).toBe(201);
    expect((await slots(owner.client, from, 3)).map((s) => s.startsAt)).not.toContain(first.startsAt);
    const cal = await owner.client.get(
      `/api/agenda/calendar?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + 3 * DAY).toISOString())}`,
    );
    expect(cal.json().blocks).toMatchObject([{ reason: 'Almoço' }]);
    const bad = await owner.client.post('/api/agenda/blocks', {
      startsAt: first.startsAt,
      endsAt: first.startsAt,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(AGENDA_MESSAGES.blockOrder);
    expect(
      (await owner.client.request({ method: 'DELETE', url: `/api/agenda/blocks/${block.json().id}` })).statusCode,
    ).toBe(204);
    expect((await slots(owner.client, from, 3)).map((s) => s.startsAt)).toContain(first.startsAt);
  });

  it("links a booking to its conversation and shows the customer's next appointment", async () => {
    const convId = await addConversation(t, owner, 'Carla Dias');
    const none = await owner.client.get(`/api/agenda/conversations/${convId}/next`);
    expect(none.json()).toEqual({ booking: null });
    const [slot] = await slots(owner.client, new Date(Date.now() + 11 * DAY));
    const res = await owner.client.post('/api/agenda/bookings', {
      serviceId: service().id,
      startsAt: slot!.startsAt,
      customerName: 'Carla Dias',
      convId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const next = await owner.client.get(`/api/agenda/conversations/${convId}/next`);
    expect(next.json().booking).toMatchObject({ id: res.json().id, convId, customerName: 'Carla Dias' });
  });

  it('offers the chat side an API: only free slots for the AI, moves, cancels, marks, lists', async () => {
    const deps: AgendaDeps = { db: t.database.db, jobs: t.app.deps.jobs, events: t.app.deps.events, log: t.app.log };
    const convId = await addConversation(t, owner, 'Davi Lima');
    const ctx = await loadSlotContext(deps.db, owner.userId, service().id);
    expect(ctx.professionals.map((p) => p.id)).toEqual([ana().id]);
    expect((await readSetup(deps.db, owner.userId)).services).toHaveLength(1);
    const now = new Date();
    const from = new Date(now.getTime() + 15 * DAY);
    const free = await findFreeSlots(deps.db, owner.userId, {
      serviceId: service().id,
      from,
      to: new Date(from.getTime() + 3 * DAY),
      now,
    });
    // A start between two slots is refused to the AI (not one it could have offered), booked at a slot.
    const odd = new Date(free[0]!.startsAt.getTime() + 7 * 60_000);
    const refused = await bookAppointment(deps, {
      accountId: owner.userId,
      serviceId: service().id,
      startsAt: odd,
      convId,
      source: 'ai',
      createdBy: 'ai',
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BookingConflict);
    expect((refused as BookingConflict).reason).toBe('unavailable');
    const booking = await bookAppointment(deps, {
      accountId: owner.userId,
      serviceId: service().id,
      startsAt: free[0]!.startsAt,
      convId,
      source: 'ai',
      createdBy: 'ai',
      holdUntil: new Date(now.getTime() + 30 * 60_000),
    });
    expect(booking).toMatchObject({ status: 'held', customerName: 'Davi Lima', convId, source: 'ai' });
    const paid = await setBookingStatus(deps, {
      accountId: owner.userId,
      bookingId: booking.id,
      status: 'booked',
      by: 'ai',
    });
    expect(paid).toMatchObject({ status: 'booked', holdExpiresAt: null });
    const later = free.find((s) => s.startsAt.getTime() >= free[0]!.startsAt.getTime() + 2 * 60 * 60_000)!;
    const movedBooking = await moveBooking(deps, {
      accountId: owner.userId,
      bookingId: booking.id,
      startsAt: later.startsAt,
      version: booking.version,
      by: 'ai',
    });
    expect(movedBooking.startsAt).toBe(later.startsAt.toISOString());
    expect((await nextBookingOf(deps.db, owner.userId, convId, now))?.id).toBe(booking.id);
    const listed = await listBookings(deps.db, owner.userId, { from, to: new Date(from.getTime() + 3 * DAY), convId });
    expect(listed.map((b) => b.id)).toEqual([booking.id]);
    await cancelBooking(deps, {
      accountId: owner.userId,
      bookingId: booking.id,
      by: 'customer',
      reason: 'O cliente cancelou.',
    });
    expect(await nextBookingOf(deps.db, owner.userId, convId, now)).toBeNull();
    await waitFor(
      () =>
        cancelled.some((e) => e.bookingId === booking.id && e.convId === convId && e.reason === 'O cliente cancelou.'),
      'booking.cancelled with its conversation',
    );
  });

  it("shows on Resultados the period's appointments: the AI's, by status, attended revenue, no-show rate", async () => {
    const deps: AgendaDeps = { db: t.database.db, jobs: t.app.deps.jobs, events: t.app.deps.events, log: t.app.log };
    const from = new Date(Date.now() + 20 * DAY);
    const free = await slots(owner.client, from, 3);
    const day = (iso: string | Date) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const firstDay = day(free[0]!.startsAt);
    const sameDay = free.filter((s) => day(s.startsAt) === firstDay);
    // 90 minutes apart: an hour, its 15 minutes after, and room.
    const [a, b, c, d] = [sameDay[0]!, sameDay[3]!, sameDay[6]!, sameDay[9]!];
    const ai = await bookAppointment(deps, {
      accountId: owner.userId,
      serviceId: service().id,
      startsAt: new Date(a.startsAt),
      customerName: 'Pela IA',
      source: 'ai',
      createdBy: 'ai',
    });
    const attended: Booking = (await book(owner.client, b.startsAt)).json();
    const missed: Booking = (await book(owner.client, c.startsAt)).json();
    const dropped: Booking = (await book(owner.client, d.startsAt)).json();
    const mark = (id: string, status: string) =>
      owner.client.request({ method: 'PUT', url: `/api/agenda/bookings/${id}/status`, payload: { status } });
    await mark(attended.id, 'attended');
    await mark(missed.id, 'no_show');
    await mark(ai.id, 'confirmed');
    await owner.client.post(`/api/agenda/bookings/${dropped.id}/cancel`);
    const res = await owner.client.get(`/api/results/agenda?period=custom&from=${firstDay}&to=${firstDay}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: firstDay,
      to: firstDay,
      total: 4,
      byAi: 1,
      booked: 0,
      confirmed: 1,
      attended: 1,
      noShows: 1,
      cancelled: 1,
      attendedRevenueCents: 15000,
      noShowRate: 0.5,
      days: [{ date: firstDay, attended: 1, noShows: 1, rate: 0.5 }],
    });
  });

  it("publishes a professional's private iCalendar feed (RFC 5545), revoked by a new URL", async () => {
    const [slot] = await slots(owner.client, new Date(Date.now() + 25 * DAY));
    const booked: Booking = (await book(owner.client, slot!.startsAt, { customerName: 'Elisa Feed' })).json();
    const res = await owner.client.request({ method: 'PUT', url: `/api/agenda/professionals/${ana().id}/feed` });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.pathname).toMatch(/^\/api\/agenda\/feed\/[\w-]{20,}\.ics$/);
    // A calendar app has no session: the secret in the URL is the key.
    const feed = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const vcalendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = vcalendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const mine = events.find((e) => e.uid === `${booked.id}@vendai`)!;
    expect(mine.summary).toBe('Limpeza: Elisa Feed');
    expect(mine.startDate.toJSDate().toISOString()).toBe(booked.startsAt);
    expect(mine.endDate.toJSDate().toISOString()).toBe(booked.endsAt);
    // A new URL revokes the old one; deleting it leaves none.
    const again = await owner.client.request({ method: 'PUT', url: `/api/agenda/professionals/${ana().id}/feed` });
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    const second = new URL(again.json().url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    await owner.client.request({ method: 'DELETE', url: `/api/agenda/professionals/${ana().id}/feed` });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('refuses to deactivate a professional with future bookings, in Portuguese; one without them goes', async () => {
    const bia = await owner.client.post('/api/agenda/professionals', { name: 'Bia' });
    expect(bia.statusCode, bia.body).toBe(201);
    const off = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/professionals/${bia.json().id}`,
      payload: { name: 'Bia', active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    const [slot] = await slots(owner.client, new Date(Date.now() + 20 * DAY));
    expect((await book(owner.client, slot!.startsAt)).statusCode).toBe(201);
    const refused = await owner.client.request({
      method: 'PUT',
      url: `/api/agenda/professionals/${ana().id}`,
      payload: { name: 'Dra. Ana', active: false },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(AGENDA_MESSAGES.professionalHasBookings);
  });

  it("answers 404 for another account's ids and 400 for bad input, in Portuguese", async () => {
    const other = await personWithNumber(t);
    const [slot] = await slots(owner.client, new Date(Date.now() + 12 * DAY));
    const mine: Booking = (await book(owner.client, slot!.startsAt)).json();
    const cancel = await other.client.post(`/api/agenda/bookings/${mine.id}/cancel`);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().error.message).toBe(AGENDA_MESSAGES.bookingNotFound);
    const theirs = await other.client.post('/api/agenda/bookings', {
      serviceId: service().id,
      startsAt: slot!.startsAt,
      customerName: 'X',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(AGENDA_MESSAGES.serviceNotFound);
    const noName = await book(owner.client, slot!.startsAt, { customerName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(AGENDA_MESSAGES.customerName);
    const badService = await owner.client.post('/api/agenda/services', { name: 'X', durationMinutes: 2 });
    expect(badService.statusCode).toBe(400);
  });
});

/** The test database's URL, for a second pool (another process would open its own). */
function poolUrl(app: TestApp): string {
  return (app.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
}
