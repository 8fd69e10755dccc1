/**
 * The payer's CPF or CNPJ (docs/decisions/038-pix-charges.md): a provider that charges only a customer
 * with a document (Asaas; here a stand-in account whose key asks for it) refuses the charge; the order
 * waits ('Aguardando CPF/CNPJ') and the customer is asked once; the customer's next message with a
 * valid CPF makes the charge with that document, and the Pix goes out. An invalid number, or a
 * document written when no order waits, changes nothing. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { newStandinKey } from '@vendai/pix-standin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { pixAccounts } from '../src/db/schema/index.ts';
import { loadPixAccount, providerOf } from '../src/modules/pix/pix-account.ts';
import { pixWebhookUrl } from '../src/modules/pix/pix-deps.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { customerSays, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { CUSTOMER, orderById, pixShop, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp();

/** The owner's stand-in account becomes one that charges only customers with a CPF or CNPJ, as Asaas. */
async function requireDocuments(userId: string) {
  const deps = e.t.app.pix.deps;
  const apiKey = newStandinKey({ requireDocument: true });
  await e.t.database.db
    .update(pixAccounts)
    .set({ apiKeySealed: sealSecret(deps.sealKey, apiKey) })
    .where(eq(pixAccounts.userId, userId));
  const account = (await loadPixAccount(deps, { userId }))!;
  await providerOf(deps, account).configureWebhook({
    url: pixWebhookUrl(deps.env, account.webhookId),
    authToken: account.webhookSecret!,
    email: 'dono@loja.com.br',
  });
}

const standinCustomerDocuments = async () =>
  resultRows<{ cpf_cnpj: string | null }>(
    await e.t.database.db.execute(sql`select cpf_cnpj from pix_standin_customers order by created_at`),
  ).map((r) => r.cpf_cnpj);

describe('the payer’s CPF or CNPJ', () => {
  it('asks the customer once, then charges with the document the customer sent', async () => {
    const s = await pixShop(e);
    await requireDocuments(s.shop.userId);
    // A CPF before any order waits is just a message.
    await customerSays(e, s.shop, 'meu cpf é 529.982.247-25', CUSTOMER);
    await waitEngineIdle(e, s.shop);

    const res = await s.shop.client.post('/api/pix/charges', {
      convId: s.convId,
      amountCents: 8990,
      description: 'Kit presente',
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_document', 'the order waits');
    await waitFor(
      async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.includes('preciso do CPF')),
      'the request for the CPF',
    );
    const listed = await s.shop.client.get(`/api/pix/orders?convId=${s.convId}`);
    expect(listed.json().orders[0]).toMatchObject({ id, status: 'awaiting_document' });
    expect(await standinPaymentsOf(e, id)).toHaveLength(0);

    // A number that is not a CPF changes nothing.
    await customerSays(e, s.shop, 'é 123.456.789-00', CUSTOMER);
    await waitEngineIdle(e, s.shop);
    expect((await orderById(e, id)).status).toBe('awaiting_document');

    await customerSays(e, s.shop, 'claro! 123.456.789-09', CUSTOMER);
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
    const order = await orderById(e, id);
    expect(order.payerDocument).toBe('12345678909');
    expect(await standinPaymentsOf(e, id)).toHaveLength(1);
    expect((await standinCustomerDocuments()).filter(Boolean)).toEqual(['12345678909']);
    await waitFor(
      async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.includes('Valor: R$ 89,90')),
      'the Pix sent',
    );
    // Asked once: the refused attempt said it once, and the document's arrival asks nothing more.
    const asks = (await sentToCustomers(e, s.shop)).filter((m) => m.text?.includes('preciso do CPF'));
    expect(asks).toHaveLength(1);
  });
});
