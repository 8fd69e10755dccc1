/**
 * The payer's CPF or CNPJ (docs/decisions/038-pix-charges.md, 055-pix-orders-state-machine.md): Asaas,
 * and so the stand-in for every account, charges only a customer with a document; a payer's first
 * order waits ('Aguardando CPF/CNPJ') and the customer is asked once; the customer's next message with
 * a valid CPF makes the charge with that document, and the Pix goes out; the payer's next order is
 * charged without asking. An invalid number, or a document written when no order waits, changes
 * nothing. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { customerSays, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { CUSTOMER, orderById, pixShop, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp();

const standinCustomerDocuments = async () =>
  resultRows<{ cpf_cnpj: string | null }>(
    await e.t.database.db.execute(sql`select cpf_cnpj from pix_standin_customers order by created_at`),
  ).map((r) => r.cpf_cnpj);

describe('the payer’s CPF or CNPJ', () => {
  it('asks the customer once, then charges with the document the customer sent', async () => {
    const s = await pixShop(e, CUSTOMER, { newPayer: true });
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

    // The payer's next order is charged with the same document, without asking.
    const next = await s.shop.client.post('/api/pix/charges', {
      convId: s.convId,
      amountCents: 1990,
      description: 'Cartão',
      requestId: randomUUID(),
    });
    expect(next.statusCode, next.body).toBe(201);
    const nextId = (next.json() as { id: string }).id;
    await waitFor(async () => (await orderById(e, nextId)).status === 'awaiting_payment', 'the second charge');
    expect((await orderById(e, nextId)).payerDocument).toBe('12345678909');
    // One Asaas customer per payer: the second charge found the first one's customer by its CPF.
    expect((await standinCustomerDocuments()).filter(Boolean)).toEqual(['12345678909']);
    expect((await sentToCustomers(e, s.shop)).filter((m) => m.text?.includes('preciso do CPF'))).toHaveLength(1);
  });

  it('a document that arrives while the asking job is still running is not lost', async () => {
    const s = await pixShop(e, { phone: '5511977776060', name: 'Lia' }, { newPayer: true });
    const res = await s.shop.client.post('/api/pix/charges', {
      convId: s.convId,
      amountCents: 5000,
      description: 'Vela',
      requestId: randomUUID(),
    });
    const { id } = res.json() as { id: string };
    // The document as soon as the order waits: the job that asked may still be running (its singleton
    // key held); the charge is queued again when that job ends instead of being dropped.
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_document', 'the order waits');
    await customerSays(e, s.shop, '529.982.247-25', { phone: '5511977776060', name: 'Lia' });
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
    expect(await standinPaymentsOf(e, id)).toHaveLength(1);
  });
});
