/**
 * The agenda's sinal (docs/decisions/074-agenda-deposit.md), through the engine, the demo AI, the
 * simulator and the Pix stand-in: a service with a deposit is booked `held` until a set time, the
 * customer is told so (the booking guard lets the true 'reservado até … aguardando o sinal' through and
 * holds back a claim that it is confirmed) and gets the sinal's Pix; paid on the stand-in's bank page →
 * `booked` and told; unpaid at the hold's end → released once ('sinal não pago'), the charge expired and
 * the customer told once, even with sweepers in two connections at once. On PGlite and PostgreSQL.
 */
import { DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { agendaBookings, orders } from '../src/db/schema/index.ts';
import { unsupportedClaim } from '../src/domain/agenda-guard/guard-booking.ts';
import { releaseHolds } from '../src/modules/agenda/deposit.ts';
import { customerSays, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import {
  DEPOSIT_SERVICE_SETUP,
  orderById,
  pixShop,
  pressOnBankPage,
  standinPaymentsOf,
} from './helpers/pix-helpers.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo' });
const MINUTE = 60_000;

/** The agenda with one service whose sinal is 30% of R$ 150,00, held for 30 minutes. */
async function withDepositService(shop: Shop) {
  const res = await shop.client.post('/api/agenda/quick-setup', DEPOSIT_SERVICE_SETUP);
  expect(res.statusCode, res.body).toBe(200);
  const setup = (await shop.client.get('/api/agenda/setup')).json() as {
    services: { id: string; depositPercent: number | null; holdMinutes: number }[];
  };
  expect(setup.services[0]).toMatchObject({ depositPercent: 30, holdMinutes: 30 });
  return setup.services[0]!.id;
}

async function answered(shop: Shop, text: string, n: number) {
  await customerSays(e, shop, text, { phone: '5511977772222', name: 'Carla Dias' });
  await waitFor(async () => (await sentToCustomers(e, shop)).length >= n, `answer ${n}`);
  await waitEngineIdle(e, shop);
  return (await sentToCustomers(e, shop)).map((m) => m.text ?? '').join('\n');
}

const bookingsOf = async (shop: Shop) =>
  e.t.database.db.select().from(agendaBookings).where(eq(agendaBookings.userId, shop.userId));

/** The demo AI offers, the customer picks the second slot and says 'sim': the booking is held. */
async function heldByTheAi(s: { shop: Shop; convId: string }) {
  const before = (await sentToCustomers(e, s.shop)).length;
  const offer = await answered(s.shop, 'Quero marcar uma limpeza', before + 1);
  const second = /^2\) (.+)$/m.exec(offer)![1]!;
  await answered(s.shop, 'o segundo', (await sentToCustomers(e, s.shop)).length + 1);
  const all = await answered(s.shop, 'sim', (await sentToCustomers(e, s.shop)).length + 1);
  const [booking] = await bookingsOf(s.shop);
  return { booking: booking!, second, all };
}

describe('the sinal', () => {
  it('holds the slot, sends the Pix, and a payment books it and tells the customer', { timeout: 180_000 }, async () => {
    const s = await pixShop(e);
    await withDepositService(s.shop);
    const { booking, second, all } = await heldByTheAi(s);
    expect(booking).toMatchObject({ status: 'held', source: 'ai', convId: s.convId });
    const holdMinutes = (booking.holdExpiresAt!.getTime() - booking.createdAt.getTime()) / MINUTE;
    expect(holdMinutes).toBeGreaterThan(29.9);
    expect(holdMinutes).toBeLessThan(30.1);
    // The AI's answer says what is true: held until a time, pending the sinal.
    expect(all).toContain(`Seu horário (Limpeza, ${second}) está reservado até as`);
    expect(all).not.toContain('Ficou agendado');
    // The sinal's Pix, through the Pix flow: 30% of R$ 150,00, valid until the hold ends.
    await waitFor(async () => Boolean((await bookingsOf(s.shop))[0]!.depositOrderId), 'the deposit order');
    const orderId = (await bookingsOf(s.shop))[0]!.depositOrderId!;
    await waitFor(async () => (await orderById(e, orderId)).status === 'awaiting_payment', 'the charge');
    const order = await orderById(e, orderId);
    expect(order).toMatchObject({ kind: 'deposit', totalCents: 4500 });
    expect(Math.abs(order.expiresAt!.getTime() - booking.holdExpiresAt!.getTime())).toBeLessThan(1000);
    await waitFor(
      async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.includes('Valor do sinal: R$ 45,00')),
      'the sinal on the phone',
    );
    const pixText = (await sentToCustomers(e, s.shop)).find((m) => m.text?.includes('Valor do sinal'))!.text!;
    expect(pixText).toContain(`Para garantir o seu horário (Limpeza, ${second}), segue o Pix do sinal.`);
    expect(pixText).toMatch(/reservado até as \d\d:\d\d; sem o pagamento até lá, ele é liberado/);

    // Paid on the stand-in's bank page: the webhook moves the order, the agenda books the slot.
    const statusChanged = hear(e, 'booking.status_changed');
    const [payment] = await standinPaymentsOf(e, orderId);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    await waitFor(async () => (await bookingsOf(s.shop))[0]!.status === 'booked', 'booked once paid');
    expect((await bookingsOf(s.shop))[0]!.holdExpiresAt).toBeNull();
    await waitFor(async () => statusChanged.length === 1, 'booking.status_changed');
    expect(statusChanged[0]).toMatchObject({ status: 'booked', previous: 'held', by: 'pix' });
    await waitFor(
      async () =>
        (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('Sinal de R$ 45,00 recebido, Carla!')),
      'the customer told',
    );
    const told = (await sentToCustomers(e, s.shop)).find((m) => m.text?.startsWith('Sinal de R$ 45,00'))!.text!;
    expect(told).toContain(`Seu horário está confirmado: Limpeza, ${second}.`);
    // A paid booking is no longer released.
    expect(await releaseHolds({ ...e.t.app.pix.deps, now: () => new Date(Date.now() + 2 * 3_600_000) })).toBe(0);
    expect((await bookingsOf(s.shop))[0]!.status).toBe('booked');
  });

  it(
    'releases an unpaid hold once, ends the charge and tells the customer once, across two connections',
    {
      timeout: 180_000,
    },
    async () => {
      const s = await pixShop(e, { phone: '5511977773333', name: 'Bruno Lima' });
      const serviceId = await withDepositService(s.shop);
      const slots = (
        await s.shop.client.get(
          `/api/agenda/slots?serviceId=${serviceId}&from=${new Date(Date.now() + 86_400_000).toISOString()}&to=${new Date(Date.now() + 8 * 86_400_000).toISOString()}`,
        )
      ).json() as { items: { startsAt: string }[] };
      // The owner books it for the conversation (from the inbox): held for the sinal too.
      const res = await s.shop.client.post('/api/agenda/bookings', {
        serviceId,
        startsAt: slots.items[0]!.startsAt,
        customerName: 'Bruno Lima',
        convId: s.convId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'held' });
      const bookingId = res.json().id as string;
      await waitFor(async () => {
        const [b] = await bookingsOf(s.shop);
        return Boolean(b?.depositOrderId) && (await orderById(e, b!.depositOrderId!)).status === 'awaiting_payment';
      }, 'the sinal charged');
      const depositOrderId = (await bookingsOf(s.shop))[0]!.depositOrderId!;
      await waitFor(
        async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.includes('Valor do sinal')),
        'the sinal on the phone',
      );

      // Past the hold: sweepers in this connection and a second one (another process would have its own) at once.
      const cancelled = hear(e, 'booking.cancelled');
      const later = () => new Date(Date.now() + 31 * MINUTE);
      const second = e.t.database.pool
        ? await openDatabase({
            databaseUrl: (e.t.database.pool as unknown as { options: { connectionString: string } }).options
              .connectionString,
            dataDir: 'memory://',
          })
        : e.t.database;
      let released: number[];
      try {
        const deps = e.t.app.pix.deps;
        released = await Promise.all([
          ...Array.from({ length: 4 }, () => releaseHolds({ ...deps, now: later })),
          ...Array.from({ length: 4 }, () => releaseHolds({ ...deps, db: second.db, now: later })),
        ]);
      } finally {
        if (second !== e.t.database) await second.close();
      }
      expect(released.reduce((a, b) => a + b, 0)).toBe(1);
      const [b] = await bookingsOf(s.shop);
      expect(b).toMatchObject({ id: bookingId, status: 'cancelled', cancelReason: DEPOSIT_UNPAID_REASON });
      await waitFor(async () => cancelled.length >= 1, 'booking.cancelled');
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]).toMatchObject({ bookingId, reason: DEPOSIT_UNPAID_REASON, by: 'system' });

      // The Pix side: the charge expired (then cancelled at the provider), the customer told once.
      await waitFor(async () => (await orderById(e, depositOrderId)).status === 'expired', 'the charge expired');
      const releasedText = async () =>
        (await sentToCustomers(e, s.shop)).filter((m) => m.text?.startsWith('O prazo para pagar o sinal terminou'));
      await waitFor(async () => (await releasedText()).length === 1, 'the customer told');
      await waitFor(
        async () => (await orderById(e, depositOrderId)).chargeCancelledAt !== null,
        'the charge cancelled at the provider',
      );
      // Another pass (the event queued again if lost) changes nothing and tells nobody twice.
      expect(await releaseHolds({ ...e.t.app.pix.deps, now: later })).toBe(0);
      await waitEngineIdle(e, s.shop);
      expect(await releasedText()).toHaveLength(1);
      // The slot is free again.
      const again = await s.shop.client.post('/api/agenda/bookings', {
        serviceId,
        startsAt: slots.items[0]!.startsAt,
        customerName: 'Outra pessoa',
      });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({ status: 'booked' });
      const [stillOne] = await e.t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, s.shop.userId), eq(orders.kind, 'deposit')));
      expect(stillOne!.id).toBe(depositOrderId);
    },
  );

  it('books at once a booking with no conversation to send the Pix to', async () => {
    const s = await pixShop(e, { phone: '5511977774444', name: 'Célia' });
    const serviceId = await withDepositService(s.shop);
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 9 * 86_400_000).toISOString();
    const { items: slots } = (
      await s.shop.client.get(`/api/agenda/slots?serviceId=${serviceId}&from=${from}&to=${to}`)
    ).json() as { items: { startsAt: string }[] };
    const walkIn = await s.shop.client.post('/api/agenda/bookings', {
      serviceId,
      startsAt: slots[0]!.startsAt,
      customerName: 'Sem conversa',
    });
    expect(walkIn.json()).toMatchObject({ status: 'booked', holdExpiresAt: null });
  });
});

describe('the booking guard and a held booking', () => {
  const held = { changes: ['held' as const], standing: 'held' as const, heldUntil: '10:30' };
  it('lets the truth through and holds back a confirmation', () => {
    expect(
      unsupportedClaim('Prontinho! Seu horário está reservado até as 10:30, aguardando o pagamento do sinal.', held),
    ).toBeNull();
    expect(unsupportedClaim('Reservei seu horário até as 10:30; é só pagar o sinal pelo Pix.', held)).toBeNull();
    expect(unsupportedClaim('Prontinho! Ficou agendado para quinta às 9h.', held)?.kind).toBe('booked');
    expect(unsupportedClaim('Seu horário está confirmado para quinta às 9h, é só pagar o sinal.', held)?.kind).toBe(
      'booked',
    );
    expect(unsupportedClaim('Agendei sua limpeza para quinta às 9h.', held)?.kind).toBe('booked');
  });
});
