/**
 * QR delivery truth (docs/evolution-api-contract.md, "Unconfirmed sends"): since mid-2026 WhatsApp
 * refuses some sends of WhatsApp-Web clients (error 463, the reach-out time-lock) and Evolution 2.3.7
 * leaves them PENDING with no receipt. A send WhatsApp never confirmed is shown as not delivered with the
 * reason, counted in Resultados as a failed send, and the owner is alerted once per number per day; a
 * receipt that still comes moves it on. The simulator plays the fault ('delivery-faults').
 */
import type { MessageDto } from '@vendai/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, ownerAlerts } from '../src/db/schema/index.ts';
import {
  markUnconfirmedSends,
  SEND_NOT_CONFIRMED,
} from '../src/modules/conversation-engine/recovery/unconfirmed-sends.ts';
import { customerSays, openShop, postWebhook, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

const sweep = () => {
  const deps = e.t.app.deps;
  return markUnconfirmedSends({
    db: deps.db,
    realtime: deps.realtime,
    log: e.t.app.log,
    alerts: {
      db: deps.db,
      gateway: deps.gateway,
      mailer: deps.mailer,
      log: e.t.app.log,
      appUrl: e.t.env.appUrl,
      jobs: deps.jobs,
    },
  });
};

async function queueFaults(shop: Shop, kind: 'pending' | 'error', count: number) {
  const res = await shop.client.post(`/simulator/ui-api/instances/${shop.number.instanceName}/delivery-faults`, {
    kind,
    count,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The AI's messages in the shop's only conversation, as the inbox reads them. */
async function aiMessages(shop: Shop): Promise<MessageDto[]> {
  const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
  const res = await shop.client.get(`/api/conversations/${conv!.id}/messages`);
  expect(res.statusCode).toBe(200);
  return (res.json().items as MessageDto[]).filter((m) => m.author === 'ai');
}

/** Moves the shop's unconfirmed sends back in time past the sweep's wait (no sleeping in tests). */
async function ageSends(shop: Shop, minutes: number) {
  await db().execute(sql`
    update messages m set created_at = m.created_at - make_interval(mins => ${minutes})
    from conversations c where c.id = m.conv_id and c.number_id = ${shop.number.id} and m.direction = 'out'`);
}

const alertsOf = (shop: Shop) =>
  db()
    .select()
    .from(ownerAlerts)
    .where(and(eq(ownerAlerts.userId, shop.userId), eq(ownerAlerts.kind, 'delivery_failed')));

describe('sends WhatsApp never confirmed (QR numbers)', () => {
  it('a confirmed send records the receipt and is never flagged', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Oi, vocês abrem amanhã?');
    await waitEngineIdle(e, shop);
    await waitFor(async () => (await aiMessages(shop)).every((m) => m.status === 'delivered'), 'delivered');
    const rows = await db().select().from(messages).where(eq(messages.userId, shop.userId));
    expect(rows.filter((r) => r.author === 'ai').every((r) => r.ackedAt !== null)).toBe(true);
    await ageSends(shop, 10);
    expect(await sweep()).toBe(0);
    expect((await aiMessages(shop)).every((m) => m.status === 'delivered')).toBe(true);
  });

  it('a send left PENDING is shown as not delivered with the reason, counted, and the owner is alerted once a day', async () => {
    const shop = await openShop(e);
    await queueFaults(shop, 'pending', 20);
    await customerSays(e, shop, 'Quanto custa o bolo de cenoura?');
    await waitEngineIdle(e, shop);
    const sent = await aiMessages(shop);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.status === 'sent')).toBe(true);

    // Not yet: a send is given a few minutes to be confirmed.
    expect(await sweep()).toBe(0);
    await ageSends(shop, 4);
    expect(await sweep()).toBe(sent.length);
    const failed = await aiMessages(shop);
    expect(failed.map((m) => [m.status, m.error])).toEqual(sent.map(() => ['failed', SEND_NOT_CONFIRMED]));

    // Resultados counts them as failed sends. The last 7 days, not 'today': the sends were aged 4 minutes, which
    // puts them on yesterday when the test runs in the first minutes after midnight in São Paulo.
    const results = await shop.client.get('/api/results?period=7d');
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().current.failedSends).toBe(sent.length);

    const [alert, ...more] = await alertsOf(shop);
    expect(more).toEqual([]);
    expect(alert!.text).toContain('não confirmou o envio');

    // More unconfirmed sends the same day: marked, but no second alert for this number.
    await customerSays(e, shop, 'Alô? Ainda estão aí?');
    await waitEngineIdle(e, shop);
    await ageSends(shop, 4);
    expect(await sweep()).toBeGreaterThan(0);
    expect(await alertsOf(shop)).toHaveLength(1);
  });

  it('a receipt that still comes moves the message on (and clears the reason)', async () => {
    const shop = await openShop(e);
    await queueFaults(shop, 'pending', 10);
    await customerSays(e, shop, 'Vocês entregam no centro?');
    await waitEngineIdle(e, shop);
    await ageSends(shop, 4);
    expect(await sweep()).toBeGreaterThan(0);
    const [late] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.userId, shop.userId), eq(messages.author, 'ai')));
    const [conv] = await db().select().from(conversations).where(eq(conversations.id, late!.convId));
    await postWebhook(e, shop, 'messages.update', {
      keyId: late!.externalId,
      remoteJid: conv!.contactJid,
      fromMe: true,
      status: 'DELIVERY_ACK',
    });
    const row = async () => (await db().select().from(messages).where(eq(messages.id, late!.id)))[0]!;
    await waitFor(async () => (await row()).status !== 'failed', 'the late receipt applied');
    const after = await row();
    expect([after.status, after.error, after.ackedAt !== null]).toEqual(['delivered', null, true]);
  });

  it('an ERROR status is a failure with a reason at once', async () => {
    const shop = await openShop(e);
    await queueFaults(shop, 'error', 10);
    await customerSays(e, shop, 'Bom dia!');
    await waitEngineIdle(e, shop);
    await waitFor(async () => (await aiMessages(shop)).every((m) => m.status === 'failed'), 'failed by ERROR');
    expect((await aiMessages(shop))[0]!.error).toBe('O WhatsApp não entregou a mensagem.');
  });

  it('the simulator refuses a bad fault request in Portuguese', async () => {
    const shop = await openShop(e);
    const res = await shop.client.post(`/simulator/ui-api/instances/${shop.number.instanceName}/delivery-faults`, {
      kind: 'lost',
      count: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Escolha 'pending' ou 'error'.");
  });
});
