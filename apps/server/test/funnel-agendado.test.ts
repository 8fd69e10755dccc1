/**
 * The funnel's Agendado (docs/decisions/069-agenda.md, "The funnel's Agendado"), through the engine, the demo
 * AI, the agenda's API and the Pix stand-in: an account's board has no Agendado until its first booking; a
 * booking for a conversation moves its card there from Orçamento (inserted just before Pago, Pago and Perdido
 * one place on), the Pix paid afterwards moves it to Pago, a later booking never moves it back, a cancelled
 * booking moves no card; Resultados counts the stage; many first bookings at once create it once. An account
 * without bookings keeps five columns. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { ensureAgendadoStage } from '../src/domain/funnel/stages.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import * as funnel from './helpers/funnel-helpers.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { personWithNumber } from './helpers/inbox-seed.ts';
import { orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo' });
const db = () => e.t.database.db;
const DAY = 86_400_000;
const { stagesOf } = funnel;
const stageOf = (convId: string) => funnel.stageOf(db(), convId);
const convOf = (phone: string) => funnel.convOf(db(), phone);

/** The agenda set up in one call; the next week's free slots of its service. */
async function withAgenda(shop: Shop): Promise<{ serviceId: string; slots: string[] }> {
  const res = await shop.client.post('/api/agenda/quick-setup', {
    professionalName: 'Dra. Ana',
    service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const serviceId = ((await shop.client.get('/api/agenda/setup')).json() as { services: { id: string }[] }).services[0]!
    .id;
  const from = new Date(Date.now() + DAY).toISOString();
  const to = new Date(Date.now() + 8 * DAY).toISOString();
  const { items } = (
    await shop.client.get(`/api/agenda/slots?serviceId=${serviceId}&from=${from}&to=${to}`)
  ).json() as {
    items: { startsAt: string }[];
  };
  return { serviceId, slots: items.map((s) => s.startsAt) };
}

async function book(shop: Shop, o: { serviceId: string; startsAt: string; convId: string; name: string }) {
  const res = await shop.client.post('/api/agenda/bookings', {
    serviceId: o.serviceId,
    startsAt: o.startsAt,
    customerName: o.name,
    convId: o.convId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe("the funnel's Agendado", () => {
  it('appears with the first booking, before Pago; booked → Agendado, paid → Pago, never back', async () => {
    const customer = { phone: '5511955551111', name: 'Denise Prado' };
    const { shop, convId } = await pixShop(e, customer);
    const add = await shop.client.post('/api/catalogue', { name: 'Camiseta básica', priceCents: 4990 });
    expect(add.statusCode, add.body).toBe(201);
    await customerSays(e, shop, 'Quero 2 camisetas básicas', customer);
    await waitFor(async () => (await stageOf(convId)).kind === 'orcamento', 'the card in Orçamento', 20_000);

    // The agenda set up, nothing booked yet: the board as it was.
    const { serviceId, slots } = await withAgenda(shop);
    expect((await stagesOf(shop.client)).map((s) => s.kind)).toEqual([
      'novo',
      'qualificado',
      'orcamento',
      'pago',
      'perdido',
    ]);

    // Booked for the conversation: the stage is created just before Pago and the card moves there, by the AI.
    const created = hear(e, 'booking.created');
    await book(shop, { serviceId, startsAt: slots[0]!, convId, name: customer.name });
    await waitFor(async () => (await stageOf(convId)).kind === 'agendado', 'the card in Agendado');
    expect(await stageOf(convId)).toEqual({ kind: 'agendado', movedBy: 'ai' });
    await waitFor(async () => created.length === 1, 'booking.created');
    const stages = await stagesOf(shop.client);
    expect(stages.map((s) => [s.kind, s.name, s.position, s.count])).toEqual([
      ['novo', 'Novo', 0, 0],
      ['qualificado', 'Qualificado', 1, 0],
      ['orcamento', 'Orçamento', 2, 0],
      ['agendado', 'Agendado', 3, 1],
      ['pago', 'Pago', 4, 0],
      ['perdido', 'Perdido', 5, 0],
    ]);

    // The Pix paid afterwards: Pago.
    const [order] = resultRows<{ id: string }>(
      await db().execute(sql`select id from orders where conv_id = ${convId} order by created_at`),
    );
    const [payment] = await standinPaymentsOf(e, order!.id);
    await pressOnBankPage(shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, order!.id)).status === 'paid', 'the order paid');
    await waitFor(async () => (await stageOf(convId)).kind === 'pago', 'the card in Pago');

    // Another booking for it: forward only, it stays in Pago; the stage is not created twice.
    await book(shop, { serviceId, startsAt: slots.at(-1)!, convId, name: customer.name });
    await waitFor(async () => created.length === 2, 'the second booking.created');
    await waitEngineIdle(e, shop);
    expect((await stageOf(convId)).kind).toBe('pago');
    expect((await stagesOf(shop.client)).filter((s) => s.kind === 'agendado')).toHaveLength(1);
  });

  it('a cancelled booking moves no card; Resultados counts the stage and its CSV has its column', async () => {
    const shop = await openShop(e);
    const customer = { phone: '5511955552222', name: 'Eduardo Reis' };
    await customerSays(e, shop, 'Oi, boa tarde', customer);
    const convId = await convOf(customer.phone);
    await waitEngineIdle(e, shop);
    const { serviceId, slots } = await withAgenda(shop);
    const booking = await book(shop, { serviceId, startsAt: slots[1]!, convId, name: customer.name });
    await waitFor(async () => (await stageOf(convId)).kind === 'agendado', 'the card in Agendado');
    const cancelled = hear(e, 'booking.cancelled');
    const cancel = await shop.client.post(`/api/agenda/bookings/${booking.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await waitFor(async () => cancelled.length === 1, 'booking.cancelled');
    await waitEngineIdle(e, shop);
    expect((await stageOf(convId)).kind).toBe('agendado');

    // In it now, and reached by those in it or later.
    const res = await shop.client.get('/api/results?period=today');
    expect(res.statusCode, res.body).toBe(200);
    const funnel = res.json().funnel as { total: number; stages: { kind: string; count: number; reached: number }[] };
    expect(funnel.total).toBe(1);
    expect(funnel.stages.map((s) => [s.kind, s.count, s.reached])).toEqual([
      ['novo', 0, 1],
      ['qualificado', 0, 1],
      ['orcamento', 0, 1],
      ['agendado', 1, 1],
      ['pago', 0, 0],
      ['perdido', 0, 0],
    ]);
    const header = (await shop.client.get('/api/results/export.csv?period=today')).body.split('\r\n')[0]!.split(';');
    expect(header.indexOf('Funil: Agendado')).toBe(header.indexOf('Funil: Pago') - 2);
  });

  it('is created once, just before Pago, by many first bookings at once (an owner stage after Pago moves on too)', async () => {
    const p = await personWithNumber(e.t);
    const own = await p.client.post('/api/funnel/stages', { name: 'Pós-venda' });
    expect(own.statusCode, own.body).toBe(201);
    await Promise.all(Array.from({ length: 6 }, () => ensureAgendadoStage(db(), p.userId)));
    expect((await stagesOf(p.client)).map((s) => [s.kind, s.position])).toEqual([
      ['novo', 0],
      ['qualificado', 1],
      ['orcamento', 2],
      ['agendado', 3],
      ['pago', 4],
      ['custom', 5],
      ['perdido', 6],
    ]);
  });

  it('keeps the five columns of an account that never booked', async () => {
    const p = await personWithNumber(e.t);
    expect((await stagesOf(p.client)).map((s) => s.kind)).toEqual([
      'novo',
      'qualificado',
      'orcamento',
      'pago',
      'perdido',
    ]);
    const res = await p.client.get('/api/results?period=today');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().funnel.stages as { kind: string }[]).some((s) => s.kind === 'agendado')).toBe(false);
  });
});
