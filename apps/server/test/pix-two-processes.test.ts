/**
 * One Pix charge per order across two real server processes on one PostgreSQL database
 * (docs/decisions/038-pix-charges.md): the same 'Cobrar com Pix' request replayed to both processes
 * at once, then one order's 'pix.charge-order' job queued several times so both processes' workers
 * run it at the same moment — each time exactly one charge at the Pix stand-in (an Asaas-compatible
 * API whose payments live in the shared database), one copia-e-cola and one QR image in the chat.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { conversations, messages, orders, pixPayers } from '../src/db/schema/index.ts';
import { chargeOrderJob } from '../src/domain/orders/charge-order-job-type.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { KNOWN_PAYER_CPF } from './helpers/pix-helpers.ts';
import { seedShop } from './helpers/engine-server-process.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { confirmationCodeFor, newPerson, TEST_APP_URL, TEST_ORIGIN } from './helpers/test-app.ts';

describe.runIf(testDatabaseKind() === 'postgres')('Pix charges with two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let boss: PgBoss | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
    // Both behind one public address, as behind a load balancer; both run jobs (VENDAI_ROLE all).
    const env = { DATABASE_URL: databaseUrl, APP_URL: TEST_APP_URL };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 200_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => {});
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  }, 60_000);

  const db = () => database.db;
  const call = (on: ServerProcess, cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${on.url}${path}`, {
      method,
      headers: { cookie, origin: TEST_ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  /** An owner with the stand-in chosen (on A) and a conversation with a customer. */
  async function pixOwner() {
    const person = newPerson();
    const res = await call(a, '', 'POST', '/api/account/register', person);
    expect(res.status, await res.clone().text()).toBe(201);
    const owner = {
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      userId: ((await res.json()) as { user: { id: string } }).user.id,
    };
    // Receiving money needs a confirmed e-mail (decision 051): the outbox's link, opened on B.
    const confirmed = await call(b, '', 'POST', '/api/account/email-verification/confirm', {
      code: await confirmationCodeFor(db(), person.email),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const saved = await call(a, owner.cookie, 'PUT', '/api/pix/settings', { provider: 'standin' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const shop = await seedShop(db(), 0, owner);
    const phone = `55119${String(Date.now()).slice(-8)}`;
    const [conv] = await db()
      .insert(conversations)
      .values({
        userId: owner.userId,
        numberId: shop.numberId,
        contactJid: `${phone}@s.whatsapp.net`,
        contactPhone: phone,
        contactName: 'Carla Dias',
      })
      .returning();
    // A payer who gave a CPF on an earlier order: the stand-in, like Asaas, charges only with one.
    await db().insert(pixPayers).values({ userId: owner.userId, convId: conv!.id, document: KNOWN_PAYER_CPF });
    return { ...owner, convId: conv!.id };
  }

  const paymentsOf = async (orderId: string) =>
    resultRows<{ id: string; value_cents: number }>(
      await db().execute(sql`select id, value_cents from pix_standin_payments where external_reference = ${orderId}`),
    );
  const pixMessages = (convId: string) =>
    db()
      .select({ type: messages.messageType, content: messages.content })
      .from(messages)
      .where(and(eq(messages.convId, convId), eq(messages.direction, 'out')));
  const orderById = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('the same manual charge request sent to both processes at once: one order, one charge, one Pix', async () => {
    const owner = await pixOwner();
    const body = {
      convId: owner.convId,
      amountCents: 12990,
      description: '2 camisetas básicas',
      requestId: randomUUID(),
    };
    const replies = await Promise.all(
      [a, b, a, b].map((on) => call(on, owner.cookie, 'POST', '/api/pix/charges', body)),
    );
    for (const r of replies) expect(r.status, await r.clone().text()).toBe(201);
    const ids = new Set(await Promise.all(replies.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    await waitFor(async () => (await orderById(orderId!)).status === 'awaiting_payment', 'the charge', 60_000);
    await waitFor(
      async () => (await pixMessages(owner.convId)).length === 3,
      'the Pix text, copia-e-cola and QR',
      60_000,
    );
    expect(await paymentsOf(orderId!)).toEqual([expect.objectContaining({ value_cents: 12990 })]);
    const sent = await pixMessages(owner.convId);
    expect(sent.map((m) => m.type).sort()).toEqual(['image', 'text', 'text']);
    expect(sent.find((m) => m.content?.includes('Valor'))?.content).toContain('Valor: R$ 129,90');
  });

  it('one order’s charge job run by both processes’ workers at the same moment: one charge', async () => {
    const owner = await pixOwner();
    // An order as 'Cobrar com Pix' or the AI writes it, before any job ran.
    const [order] = await db()
      .insert(orders)
      .values({
        userId: owner.userId,
        convId: owner.convId,
        source: 'manual',
        originKey: `teste:${randomUUID()}`,
        description: 'Sessão dupla',
        totalCents: 20000,
      })
      .returning();
    // The same job several times (distinct singleton keys, so pg-boss keeps them all), as after a
    // retry racing a redelivery: both processes' workers are woken by NOTIFY and take what they can,
    // several at once. Without the order's lease this makes several charges (five when tried).
    boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, migrate: false, max: 2 });
    await boss.start();
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((k) =>
        boss!.send(chargeOrderJob.id, { orderId: order!.id }, { singletonKey: `${order!.id}:${k}` }),
      ),
    );
    await waitFor(async () => (await orderById(order!.id)).status === 'awaiting_payment', 'the charge', 60_000);
    await waitFor(
      async () => (await pixMessages(owner.convId)).length === 3,
      'the Pix text, copia-e-cola and QR',
      60_000,
    );
    // Every job finished (the losers of the lease were retried and found the charge).
    await waitFor(
      async () => {
        const [row] = resultRows<{ open: number }>(
          await db().execute(
            sql`select count(*)::int as open from pgboss.job where name = ${chargeOrderJob.id}
                and data->>'orderId' = ${order!.id} and state not in ('completed', 'failed', 'cancelled')`,
          ),
        );
        return Number(row!.open) === 0;
      },
      'every job done',
      90_000,
    );
    expect(await paymentsOf(order!.id)).toHaveLength(1);
    expect((await pixMessages(owner.convId)).map((m) => m.type).sort()).toEqual(['image', 'text', 'text']);
  });
});
