/**
 * Pix test helpers: a shop with the local Pix stand-in chosen, its conversation with a customer,
 * and the stand-in's payments as the bank page sees them.
 */
import { randomUUID } from 'node:crypto';
import type { SavePixSettingsInput } from '@vendai/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { resultRows } from '../../src/db/rows.ts';
import { orders, pixPayers } from '../../src/db/schema/index.ts';
import { savePixSettings } from '../../src/modules/pix/pix-account.ts';
import { customerSays, type EngineApp, openShop, sentToCustomers, type Shop, waitFor } from './engine-harness.ts';
import { waitEngineIdle } from './engine-test.ts';

export const CUSTOMER = { phone: '5511977772222', name: 'Carla Dias' };

/**
 * The agenda's quick set-up (POST /api/agenda/quick-setup) with one service whose sinal is 30 % of R$ 150,00,
 * held for 30 minutes (docs/decisions/074-agenda-deposit.md).
 */
export const DEPOSIT_SERVICE_SETUP = {
  professionalName: 'Dra. Ana',
  service: {
    name: 'Limpeza',
    durationMinutes: 60,
    priceCents: 15000,
    minNoticeMinutes: 60,
    depositPercent: 30,
    holdMinutes: 30,
  },
};
/** The CPF a known payer gave on an earlier order (valid check digits). */
export const KNOWN_PAYER_CPF = '52998224725';

/**
 * A shop with the stand-in chosen in Configurações → Pagamentos Pix, and one conversation with CUSTOMER.
 * The stand-in, like Asaas, charges only a payer with a CPF or CNPJ; unless `newPayer`, the customer is
 * a payer who gave a CPF on an earlier order (pix_payers), so charges go out without asking for it.
 * `settings`: another choice than the stand-in (e.g. Mercado Pago with the stand-in's credentials).
 */
export async function pixShop(
  e: EngineApp,
  customer = CUSTOMER,
  o: { newPayer?: boolean; settings?: SavePixSettingsInput } = {},
): Promise<{ shop: Shop; convId: string }> {
  const shop = await openShop(e);
  const saved = await shop.client.request({
    method: 'PUT',
    url: '/api/pix/settings',
    payload: o.settings ?? { provider: 'standin' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The greeting gets a plain answer, whatever AI answers the test (or the one before it) has set; they
  // are put back once it is answered.
  const testsAnswers = e.llm.respond;
  e.llm.respond = async () => ({ content: 'Oi! Como posso ajudar?' });
  let convId = '';
  try {
    await customerSays(e, shop, 'Oi, boa tarde', customer);
    await waitFor(async () => {
      const [row] = resultRows<{ id: string }>(
        await e.t.database.db.execute(sql`select id from conversations where number_id = ${shop.number.id}`),
      );
      convId = row?.id ?? '';
      return convId !== '';
    }, 'the conversation');
    await waitEngineIdle(e, shop);
  } finally {
    e.llm.respond = testsAnswers;
  }
  if (!o.newPayer)
    await e.t.database.db.insert(pixPayers).values({ userId: shop.userId, convId, document: KNOWN_PAYER_CPF });
  return { shop, convId };
}

export const orderById = async (e: EngineApp, id: string) =>
  (await e.t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The stand-in's payments made for an order (by its externalReference). */
export async function standinPaymentsOf(e: EngineApp, orderId: string) {
  return resultRows<{ id: string; status: string; value_cents: number }>(
    await e.t.database.db.execute(
      sql`select id, status, value_cents from pix_standin_payments where external_reference = ${orderId}`,
    ),
  );
}

/** 'Pagar' (or another button) on the stand-in's bank page, as the browser posts it. */
export async function pressOnBankPage(
  shop: Shop,
  paymentId: string,
  action: 'pagar' | 'expirar' | 'estornar' | 'contestar',
) {
  const res = await shop.client.request({
    method: 'POST',
    url: `/pix-local/cobranca/${paymentId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
}

/** An order written directly (as 'Cobrar com Pix' writes it, before any job ran), with the columns a test sets. */
export async function insertOrder(
  e: EngineApp,
  s: { shop: Shop; convId: string },
  o: Omit<typeof orders.$inferInsert, 'userId' | 'convId' | 'source' | 'originKey'>,
) {
  const [order] = await e.t.database.db
    .insert(orders)
    .values({ userId: s.shop.userId, convId: s.convId, source: 'manual', originKey: `teste:${randomUUID()}`, ...o })
    .returning();
  return order!;
}

/** The shop's Pix saved with a provider whose API is at `url` (a fixture server); the deps that reach it. */
export async function pixDepsAt(e: EngineApp, s: { shop: Shop }, url: string, input: SavePixSettingsInput) {
  const base = e.t.app.pix.deps;
  const deps = {
    ...base,
    endpoints: {
      ...base.endpoints,
      ...(input.provider === 'mercadopago' ? { mercadoPagoUrl: url } : { asaasUrl: url }),
    },
  };
  await savePixSettings(deps, { id: s.shop.userId, email: 'dono@example.com' }, input);
  return deps;
}

/** 'Cobrar com Pix' for the shop's customer, waited until the charge is out ('awaiting_payment'); the order id. */
export async function chargedOrder(
  e: EngineApp,
  s: { shop: Shop; convId: string },
  amountCents: number,
  description = 'Bolo de cenoura',
) {
  const onPhone = (await sentToCustomers(e, s.shop)).length;
  const res = await s.shop.client.post('/api/pix/charges', {
    convId: s.convId,
    amountCents,
    description,
    requestId: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
  // The explanation, the copia-e-cola and the QR follow the charge: on the phone before the test goes on.
  await waitFor(
    async () => (await sentToCustomers(e, s.shop)).length >= onPhone + 3,
    'the Pix on the customer’s phone',
  );
  return id;
}
