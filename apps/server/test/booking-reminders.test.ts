/**
 * The agenda's reminders (docs/decisions/073-booking-reminders.md) through the real app, the simulator and
 * the one door out, on PGlite and PostgreSQL: each reminder goes once (a claim row per booking, offset
 * and start), a moved booking gets fresh ones, a cancelled one none; the customer's '1' confirms, '2'
 * is recorded for the AI, '3' cancels; Cloud numbers get the buttons' titles and, outside the window,
 * nothing without a template (the reason shown on the booking); an opt-out stops them.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { reminderPass } from '../src/modules/booking-reminders/send-reminders.ts';
import { createReminderSender } from '../src/modules/booking-reminders/reminder-sender.ts';
import type { ReminderDeps } from '../src/modules/booking-reminders/reminder-deps.ts';
import { createCloudTemplates } from '../src/integrations/gateway/cloud-templates.ts';
import { parseSecretKey } from '../src/lib/secret-box.ts';
import { checkTemplateSend } from '../src/simulator/cloud/graph-fake-templates.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

// The reminder's answer is acknowledged while the burst's quiet time runs, so the AI that answers after a
// 'Cancelar' reads the acknowledgement (answer-listener.ts). Production's quiet time (2 s), not the harness's
// 400 ms: under a loaded CI machine the listener's few statements took longer than 400 ms.
const e = useEngineApp({ ENGINE_MIN_QUIET_MS: '2000' });
const HOUR = 3_600_000;
const QR_LINE = 'Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.';

/** The app's own reminder deps, with a clock the test moves. */
function depsAt(now: Date, graph = false): ReminderDeps {
  const { db, gateway, jobs, realtime, env } = e.t.app.deps;
  const log = e.t.app.log;
  // `graph`: templates sent to the Graph stand-in (which refuses what Meta refuses) instead of a stub.
  const templates = graph
    ? createCloudTemplates({
        graphUrl: env.META_GRAPH_URL,
        graphVersion: env.META_GRAPH_VERSION,
        key: parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY!),
      })
    : { sendTemplate: async () => 'wamid.template', list: async () => [] };
  return {
    db,
    log,
    jobs,
    realtime,
    sender: createReminderSender({ db, gateway, log }, templates),
    agenda: { confirm: async () => undefined, cancel: async () => undefined },
    leaseMs: 30_000,
    now: () => now,
  };
}

async function agendaShop(kind?: 'cloud') {
  const shop = await openShop(e, kind ? { kind } : {});
  const setup = await shop.client.post('/api/agenda/quick-setup', {
    professionalName: 'Dra. Ana',
    service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  return { shop, serviceId: setup.json().services[0].id as string };
}

async function conversationOf(shop: Shop, phone: string) {
  await customerSays(e, shop, 'Oi', { phone, name: 'Carla Dias' });
  await waitEngineIdle(e, shop);
  const [row] = resultRows<{ id: string }>(
    await e.t.database.db.execute(
      sql`select id from conversations where user_id = ${shop.userId} and contact_jid like ${`${phone}%`}`,
    ),
  );
  return row!.id;
}

/** A whole hour a few days ahead (owner bookings may be anywhere). */
const daysAhead = (days: number) => new Date(Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR);

async function book(shop: Shop, serviceId: string, convId: string, startsAt: Date) {
  const res = await shop.client.post('/api/agenda/bookings', {
    serviceId,
    startsAt: startsAt.toISOString(),
    customerName: 'Carla Dias',
    convId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
}

const put = (shop: Shop, url: string, payload: Record<string, unknown>) =>
  shop.client.request({ method: 'PUT', url, payload });

const reminders = (bookingId: string) =>
  e.t.database.db
    .execute(
      sql`select offset_hours, state, reason, answer from booking_reminders where booking_id = ${bookingId}
                 order by created_at`,
    )
    .then((r) => resultRows<{ offset_hours: number; state: string; reason: string | null; answer: string | null }>(r));

const remindersSent = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone) && m.text?.includes('Lembrete'));

describe('booking reminders', () => {
  it('each reminder goes once; a moved booking gets fresh ones, a cancelled one none', async () => {
    const { shop, serviceId } = await agendaShop();
    const phone = '5511970000001';
    const convId = await conversationOf(shop, phone);
    const start = daysAhead(3);
    const b = await book(shop, serviceId, convId, start);

    // Not due yet; then the 24 h reminder, once, however many passes run (two at once included).
    expect(await reminderPass(depsAt(new Date(start.getTime() - 25 * HOUR)))).toBe(0);
    const at24 = depsAt(new Date(start.getTime() - 23 * HOUR));
    await Promise.all([reminderPass(at24), reminderPass(at24), reminderPass(at24)]);
    await reminderPass(at24);
    expect(await reminders(b.id)).toEqual([{ offset_hours: 24, state: 'sent', reason: null, answer: null }]);
    const sent = await remindersSent(shop, phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Lembrete do seu horário: Limpeza');
    expect(sent[0]!.text.endsWith(QR_LINE)).toBe(true);
    const audit = resultRows<{ origin: string; outcome: string }>(
      await e.t.database.db.execute(
        sql`select origin, outcome from outbound_audit where conv_id = ${convId} and origin = 'booking_reminder'`,
      ),
    );
    expect(audit).toEqual([{ origin: 'booking_reminder', outcome: 'sent' }]);

    // The 2 h reminder, once.
    const at2 = depsAt(new Date(start.getTime() - 1.5 * HOUR));
    await Promise.all([reminderPass(at2), reminderPass(at2)]);
    expect((await reminders(b.id)).map((r) => r.offset_hours)).toEqual([24, 2]);
    expect(await remindersSent(shop, phone)).toHaveLength(2);

    // Moved a day later: fresh reminders for the new start.
    const later = new Date(start.getTime() + 24 * HOUR);
    const moved = await put(shop, `/api/agenda/bookings/${b.id}/time`, {
      startsAt: later.toISOString(),
      version: b.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await reminderPass(depsAt(new Date(later.getTime() - 20 * HOUR)));
    expect((await reminders(b.id)).map((r) => r.offset_hours)).toEqual([24, 2, 24]);
    expect(await remindersSent(shop, phone)).toHaveLength(3);

    // Cancelled: none more.
    const cancelled = await shop.client.post(`/api/agenda/bookings/${b.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await reminderPass(depsAt(new Date(later.getTime() - 1 * HOUR)));
    expect(await reminders(b.id)).toHaveLength(3);
    expect(await remindersSent(shop, phone)).toHaveLength(3);

    // Never after the appointment.
    const past = await book(shop, serviceId, convId, daysAhead(5));
    await reminderPass(depsAt(new Date(daysAhead(5).getTime() + HOUR)));
    expect(await reminders(past.id)).toHaveLength(0);
  });

  // One shop for the three answers (each its own customer and appointment); the owner reads them all after.
  let answers: Awaited<ReturnType<typeof agendaShop>> & { ids: Record<string, string> };
  const start = new Date(Date.now() + 3 * HOUR);

  it("'1' confirms the booking, is acknowledged and not answered by the AI as well", async () => {
    answers = { ...(await agendaShop()), ids: {} };
    const { shop, serviceId } = answers;
    const statusChanged = hear(e, 'booking.status_changed');
    const phone1 = '5511970000011';
    const conv1 = await conversationOf(shop, phone1);
    const b1 = await book(shop, serviceId, conv1, start);
    // Booked inside the 24 h window: the sweep queued by 'booking.created' sends it at once.
    await waitFor(async () => (await reminders(b1.id))[0]?.state === 'sent', 'the reminder sent by the job');
    const calls = e.llm.calls.length;
    await customerSays(e, shop, '1', { phone: phone1, name: 'Carla Dias' });
    await waitFor(async () => (await reminders(b1.id))[0]?.answer === 'confirmed', 'the answer recorded');
    await waitFor(
      async () =>
        (await sentToCustomers(e, shop)).some((m) => m.remoteJid.startsWith(phone1) && m.text.includes('confirmado')),
      'the acknowledgement',
    );
    await waitEngineIdle(e, shop);
    expect(e.llm.calls.length).toBe(calls);
    const booking1 = await shop.client.get(`/api/agenda/conversations/${conv1}/next`);
    expect(booking1.json().booking.status).toBe('confirmed');
    expect(statusChanged.some((s) => s.bookingId === b1.id && s.by === 'customer')).toBe(true);
    // A second '1' is an ordinary message: no reminder waits for it.
    await customerSays(e, shop, '1', { phone: phone1, name: 'Carla Dias' });
    await waitEngineIdle(e, shop);
    expect(e.llm.calls.length).toBe(calls + 1);
    answers.ids[b1.id] = 'confirmed';
  });

  it("'3' cancels (the slot is free), is acknowledged, and the AI answers after it", async () => {
    const { shop, serviceId } = answers;
    const cancelled = hear(e, 'booking.cancelled');
    const phone3 = '5511970000033';
    const conv3 = await conversationOf(shop, phone3);
    const b3 = await book(shop, serviceId, conv3, new Date(start.getTime() + 2 * HOUR));
    await waitFor(async () => (await reminders(b3.id))[0]?.state === 'sent', 'the reminder');
    await customerSays(e, shop, 'Cancelar', { phone: phone3, name: 'Bia' });
    await waitFor(async () => cancelled.some((c) => c.bookingId === b3.id), 'booking.cancelled');
    await waitEngineIdle(e, shop);
    const texts3 = (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone3)).map((m) => m.text);
    expect(texts3.at(-2)).toMatch(/^Pronto, seu horário de Limpeza \(.+ às \d\d:\d\d\) foi cancelado\.$/);
    expect(texts3.at(-1)).toMatch(/^Resposta da IA/);
    // The AI's request saw the cancellation before answering.
    const lastCall = JSON.stringify(e.llm.calls.at(-1));
    expect(lastCall).toContain('Pronto, seu horário de Limpeza (');
    expect(await reminders(b3.id)).toMatchObject([{ answer: 'cancelled' }]);
    answers.ids[b3.id] = 'cancelled';
  });

  it("'2' is recorded and the AI answers (it offers new times); the owner reads every answer", async () => {
    const { shop, serviceId } = answers;
    const phone2 = '5511970000022';
    const conv2 = await conversationOf(shop, phone2);
    const b2 = await book(shop, serviceId, conv2, new Date(start.getTime() + 4 * HOUR));
    await waitFor(async () => (await reminders(b2.id))[0]?.state === 'sent', 'the reminder');
    const before = e.llm.calls.length;
    await customerSays(e, shop, '2', { phone: phone2, name: 'Duda' });
    await waitFor(async () => (await reminders(b2.id))[0]?.answer === 'reschedule', 'the answer recorded');
    await waitEngineIdle(e, shop);
    expect(e.llm.calls.length).toBe(before + 1);
    expect((await shop.client.get(`/api/agenda/conversations/${conv2}/next`)).json().booking.status).toBe('booked');

    // The owner reads it all on the bookings.
    const from = new Date(Date.now() - HOUR).toISOString();
    const to = new Date(Date.now() + 2 * 24 * HOUR).toISOString();
    const list = await shop.client.get(
      `/api/booking-reminders?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const byBooking = Object.fromEntries(
      (list.json().reminders as { bookingId: string; answer: string }[]).map((r) => [r.bookingId, r.answer]),
    );
    expect(byBooking).toEqual({ ...answers.ids, [b2.id]: 'reschedule' });
  });

  it('an opt-out and "Nunca responder" stop them; settings validate in Portuguese and turn them off', async () => {
    const { shop, serviceId } = await agendaShop();
    const phone = '5511970000044';
    const convId = await conversationOf(shop, phone);
    await e.t.database.db.execute(sql`update conversations set opted_out = true where id = ${convId}`);
    const start = daysAhead(2);
    const b = await book(shop, serviceId, convId, start);
    await reminderPass(depsAt(new Date(start.getTime() - 20 * HOUR)));
    expect(await reminders(b.id)).toMatchObject([
      { state: 'skipped', reason: 'O cliente pediu para não receber mensagens.' },
    ]);
    expect(await remindersSent(shop, phone)).toHaveLength(0);
    const phoneNever = '5511970000046';
    const convNever = await conversationOf(shop, phoneNever);
    await e.t.database.db.execute(sql`update conversations set never_answer = true where id = ${convNever}`);
    const bNever = await book(shop, serviceId, convNever, new Date(start.getTime() + 4 * HOUR));
    await reminderPass(depsAt(new Date(start.getTime() + 3 * HOUR)));
    expect(await reminders(bNever.id)).toMatchObject([
      { state: 'skipped', reason: 'A conversa está marcada como “Nunca responder”.' },
    ]);
    expect(await remindersSent(shop, phoneNever)).toHaveLength(0);

    const bad = await put(shop, '/api/booking-reminders/settings', {
      hours: [0, 24],
      templateName: null,
      templateLanguage: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escolha de 1 a 168 horas antes');
    const off = await put(shop, '/api/booking-reminders/settings', {
      hours: [],
      templateName: null,
      templateLanguage: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    const phone2 = '5511970000045';
    const conv2 = await conversationOf(shop, phone2);
    const b2 = await book(shop, serviceId, conv2, new Date(start.getTime() + 2 * HOUR));
    await reminderPass(depsAt(new Date(start.getTime() + HOUR)));
    expect(await reminders(b2.id)).toHaveLength(0);
    const on = await put(shop, '/api/booking-reminders/settings', {
      hours: [2, 48],
      templateName: null,
      templateLanguage: null,
    });
    expect(on.json().hours).toEqual([48, 2]);
    expect((await shop.client.get('/api/booking-reminders/settings')).json().hours).toEqual([48, 2]);
  });

  it('a Cloud number: the buttons inside the window; outside it, no template → not sent, and why', async () => {
    const { shop, serviceId } = await agendaShop('cloud');
    const phone = '5511970000055';
    const convId = await conversationOf(shop, phone);
    const start = daysAhead(1.5);
    const b = await book(shop, serviceId, convId, start);
    await reminderPass(depsAt(new Date(start.getTime() - 23 * HOUR)));
    expect(await reminders(b.id)).toMatchObject([{ state: 'sent' }]);
    // Inside the window: the reply buttons (the Graph stand-in refuses what Meta refuses), no numbered line.
    const [sent] = await remindersSent(shop, phone);
    expect(sent!.text).toContain('[Confirmar] [Remarcar] [Cancelar]');
    expect(sent!.text).not.toContain('Responda 1');
    // A tapped button arrives as its title.
    await customerSays(e, shop, 'Confirmar', { phone, name: 'Carla Dias' });
    await waitFor(async () => (await reminders(b.id))[0]?.answer === 'confirmed', 'the button read');
    expect((await shop.client.get(`/api/agenda/conversations/${convId}/next`)).json().booking.status).toBe('confirmed');
    // A day and a half later the customer's window is closed: without a template the 2 h reminder is not sent.
    const late = new Date(start.getTime() - HOUR);
    await reminderPass(depsAt(late));
    expect((await reminders(b.id))[1]).toMatchObject({ offset_hours: 2, state: 'skipped' });
    expect((await reminders(b.id))[1]!.reason).toContain('sem modelo de lembrete aprovado');
  });

  it("outside the window, the owner's template with its own variables, in its own order, filled at send time", async () => {
    const { shop, serviceId } = await agendaShop('cloud');
    const phone = '5511970000066';
    const convId = await conversationOf(shop, phone);
    const start = daysAhead(3);
    const b = await book(shop, serviceId, convId, start);
    // A NAMED template: {{nome}}, {{data}}, {{hora}}, {{profissional}} (no service), in that order.
    const saved = await put(shop, '/api/booking-reminders/settings', {
      hours: [2],
      templateName: 'lembrete_horario',
      templateLanguage: 'pt_BR',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await reminderPass(depsAt(new Date(start.getTime() - HOUR), true));
    expect(await reminders(b.id)).toMatchObject([{ state: 'sent' }]);
    const received = (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone));
    const when = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
    }).format(start);
    const hour = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    expect(received.map((m) => m.text)).toContain(
      `Oi, Carla! Seu horário é ${when} às ${hour}, com Dra. Ana. Responda se precisar remarcar.`,
    );

    // A numbered template of one variable cannot carry a reminder: refused before anything is sent, and why.
    const other = await book(shop, serviceId, convId, daysAhead(5));
    await put(shop, '/api/booking-reminders/settings', {
      hours: [2],
      templateName: 'retomar_atendimento',
      templateLanguage: 'pt_BR',
    });
    const sentBefore = (await sentToCustomers(e, shop)).length;
    await reminderPass(depsAt(new Date(daysAhead(5).getTime() - HOUR), true));
    const [refused] = await reminders(other.id);
    expect(refused).toMatchObject({ state: 'failed' });
    expect(refused!.reason).toContain('tem 1 variável numerada');
    expect((await sentToCustomers(e, shop)).length).toBe(sentBefore);

    // And the stand-in, as Meta, refuses a send whose count differs from the approved template's (#132000).
    const send = (values: string[]) =>
      checkTemplateSend({
        name: 'lembrete_horario',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: values.map((text, i) => ({
              type: 'text',
              parameter_name: ['nome', 'data', 'hora', 'profissional'][i],
              text,
            })),
          },
        ],
      });
    expect(send(['Carla', 'quinta', '09:00'])).toMatchObject({ code: 132000 });
    expect(send(['Carla', 'quinta', '09:00', 'Dra. Ana'])).toHaveProperty('template');
  });
});
