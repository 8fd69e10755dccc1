/**
 * A reply part whose sender died mid-send (its burst left 'sending' with the part in flight and the
 * claim lapsed) is settled with the gateway before anything is marked
 * (modules/conversation-engine/recovery/settle-interrupted-part.ts): the gateway has it → sent, never
 * again; the gateway provably lacks it → sent now, once; the gateway cannot tell → shown as
 * interrupted. The parts after it are sent in every case. On PGlite and PostgreSQL; the "cannot tell"
 * case also on a Cloud API number, where it is the only case (Meta keeps no history of sends).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, replyBursts } from '../src/db/schema/index.ts';
import { createGateway, type Gateway } from '../src/integrations/gateway/index.ts';
import { AI_SEND_INTERRUPTED } from '../src/modules/conversation-engine/replies/send-reply-parts.ts';
import {
  customerSays,
  type EngineApp,
  openShop,
  sentToCustomers,
  type Shop,
  waitFor,
} from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { abandonedBurst, partInFlight, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

/** Set to make the gateway's findMessages fail (the gateway cannot say what it has). */
let findFails = false;

const e: EngineApp = useEngineApp(
  { ENGINE_LEASE_SECONDS: '3' },
  {
    // The app's own gateway (QR numbers to the simulator, Cloud numbers to the Graph API fake).
    gateway: (env, _baseUrl, db) => {
      const client = createGateway(env, db);
      const gateway: Gateway = {
        ...client,
        findMessages: (name, where) =>
          findFails ? Promise.reject(new Error('gateway unavailable')) : client.findMessages(name, where),
      };
      return gateway;
    },
  },
);

/** A customer answered once already (their conversation exists), and that conversation's id. */
async function answeredCustomer(shop: Shop, phone: string): Promise<{ convId: string; jid: string }> {
  await customerSays(e, shop, 'Oi', { phone, name: `Cliente ${phone.slice(-2)}` });
  await waitEngineIdle(e, shop);
  const [conv] = await e.t.database.db
    .select({ id: conversations.id, jid: conversations.contactJid })
    .from(conversations)
    .where(and(eq(conversations.numberId, shop.number.id), eq(conversations.contactPhone, phone)));
  return { convId: conv!.id, jid: conv!.jid };
}

async function finished(burstIds: string[]): Promise<boolean> {
  const rows = await e.t.database.db
    .select({ state: replyBursts.state })
    .from(replyBursts)
    .where(inArray(replyBursts.id, burstIds));
  return rows.every((r) => r.state === 'done');
}

const copies = async (shop: Shop, text: string) => (await sentToCustomers(e, shop)).filter((m) => m.text === text);

// The gateway has it or provably lacks it: QR only (Evolution's echo and chat/findMessages record).
describe('restart reconciliation of a reply part cut by a dead sender (QR number)', () => {
  it('the gateway has it (echo or its record) → sent; it provably lacks it → sent now, once; then the next part', async () => {
    const shop = await openShop(e);
    const echoed = await answeredCustomer(shop, '5511966660001');
    const recorded = await answeredCustomer(shop, '5511966660002');
    const absent = await answeredCustomer(shop, '5511966660003');

    // The gateway took two of the sends before their sender died: one echo linked our row, the other
    // echo never got linked (our row has no id; only the gateway's record shows it).
    const a = await partInFlight(e, shop, echoed.convId, 'Parte 1 (eco)');
    const b = await partInFlight(e, shop, recorded.convId, 'Parte 1 (registro)');
    const c = await partInFlight(e, shop, absent.convId, 'Parte 1 (não chegou)');
    const gateway = e.t.app.deps.gateway;
    await gateway.sendText(shop.number.instanceName, { number: echoed.jid, text: a.content! });
    await gateway.sendText(shop.number.instanceName, { number: recorded.jid, text: b.content! });
    const linked = async (id: string) =>
      (await e.t.database.db.select().from(messages).where(eq(messages.id, id)))[0]?.externalId != null;
    await waitFor(async () => (await linked(a.id)) && (await linked(b.id)), 'the echoes linked');
    await e.t.database.db.update(messages).set({ externalId: null }).where(eq(messages.id, b.id));

    const bursts = [
      await abandonedBurst(e, shop, echoed.convId, { messageId: a.id, parts: [a.content!, 'Parte 2 (eco)'] }),
      await abandonedBurst(e, shop, recorded.convId, { messageId: b.id, parts: [b.content!, 'Parte 2 (registro)'] }),
      await abandonedBurst(e, shop, absent.convId, { messageId: c.id, parts: [c.content!, 'Parte 2 (não chegou)'] }),
    ];
    await waitFor(() => finished(bursts.map((x) => x.id)), 'the abandoned bursts taken over and finished', 20_000);

    for (const text of [
      a.content!,
      b.content!,
      c.content!,
      'Parte 2 (eco)',
      'Parte 2 (registro)',
      'Parte 2 (não chegou)',
    ])
      expect(await copies(shop, text), text).toHaveLength(1);
    const rows = await e.t.database.db
      .select()
      .from(messages)
      .where(inArray(messages.id, [a.id, b.id, c.id]));
    for (const row of rows) {
      expect(row.status, row.content!).not.toBe('failed');
      expect(row.status).not.toBe('pending');
      expect(row.externalId).not.toBeNull();
    }
    const aiOf = async (convId: string) =>
      (await e.t.database.db.select().from(messages).where(eq(messages.convId, convId))).filter(
        (m) => m.author === 'ai',
      );
    // No echo was shown as a message of its own: each conversation has its first answer and the two parts.
    for (const conv of [echoed, recorded, absent]) expect(await aiOf(conv.convId)).toHaveLength(3);
  });
});

describe.each(SHOP_KINDS)('restart reconciliation on a %s number', (kind) => {
  it('the gateway cannot tell → interrupted (never sent twice), and the next part is still sent', async () => {
    const shop = await openShop(e, { kind });
    const unknown = await answeredCustomer(shop, '5511966660004');
    const m = await partInFlight(e, shop, unknown.convId, 'Parte 1 (sem resposta)');
    // Made to fail on a QR number; a Cloud number's adapter cannot tell by itself.
    findFails = kind === 'evolution';
    try {
      const burst = await abandonedBurst(e, shop, unknown.convId, {
        messageId: m.id,
        parts: [m.content!, 'Parte 2 (sem resposta)'],
      });
      await waitFor(() => finished([burst.id]), 'the abandoned burst taken over and finished', 20_000);
    } finally {
      findFails = false;
    }
    const [row] = await e.t.database.db.select().from(messages).where(eq(messages.id, m.id));
    expect(row).toMatchObject({ status: 'failed', error: AI_SEND_INTERRUPTED });
    expect(await copies(shop, m.content!)).toHaveLength(0);
    expect(await copies(shop, 'Parte 2 (sem resposta)')).toHaveLength(1);
    const left = await e.t.database.db.execute(sql`select 1 from reply_bursts where state = 'sending'`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
