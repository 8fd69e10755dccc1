/**
 * A campaign under a kill -9 (docs/decisions/072-campaigns.md): two server processes, A and B, work on one
 * PostgreSQL; a third, web only, is the WhatsApp simulator. A QR shop's customers wrote and gave consent; the
 * owner sends a campaign. Each worker reaches the simulator through a proxy that passes the sends on and holds
 * their answers: the worker holding the first campaign message (already on the customer's phone) is SIGKILLed.
 * The survivor takes the campaign's job over once pg-boss finds the victim's expired, settles the claim the
 * victim left mid-send with the simulator's record, and sends the rest: every customer gets the campaign
 * exactly once. PostgreSQL only (several processes).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { businessHours, marketingConsents } from '../src/db/schema/index.ts';
import { startFakeLlm, waitFor } from './helpers/engine-harness.ts';
import {
  childEnv,
  connectShop,
  customerWrites,
  numberConnected,
  registerOver,
  seedShop,
} from './helpers/engine-server-process.ts';
import { startFaultProxy } from './helpers/fault-proxy.ts';
import { freePort, startServerProcess } from './helpers/server-process.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { createTestDatabase, testDatabaseKind } from './helpers/test-database.ts';

const cleanup = useProcessCleanup(60_000);

const CUSTOMERS = [0, 1, 2, 3, 4, 5].map((i) => `552197004000${i}`);
const BODY = 'Novidades na loja esta semana';

describe.runIf(testDatabaseKind() === 'postgres')('a kill -9 mid-campaign (PostgreSQL)', () => {
  it('the surviving process sends the campaign to every customer exactly once', async () => {
    const fake = await startFakeLlm();
    cleanup.later(() => fake.close());
    // The QR track's variation: one text per call (no figures, so the guard keeps it).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    fake.respond = async (call, n) =>
      call.messages.some((m) => m.content.includes('mensagem de campanha'))
        ? { content: `Olá ${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}! ${BODY}` }
        : { content: `Resposta da IA ${letters[n % 26]}` };
    const database = await createTestDatabase();
    cleanup.later(() => database.dispose());
    const { db } = database;
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    const env = (port: number, extra: Record<string, string>) =>
      childEnv(port, fake.url, {
        DATABASE_URL: url,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        CAMPAIGN_QR_MIN_GAP_SECONDS: '0',
        CAMPAIGN_QR_MAX_GAP_SECONDS: '0',
        ENGINE_LEASE_SECONDS: '3',
        ...extra,
      });
    const web = await startServerProcess(env(await freePort(), { VENDAI_ROLE: 'web' }));
    cleanup.running(web);
    let holding = false;
    const pick = (_path: string, body: string) => (holding && body.includes(BODY) ? 'hold' : 'pass');
    const [proxyA, proxyB] = [await startFaultProxy(web.url, pick), await startFaultProxy(web.url, pick)];
    cleanup.later(
      () => proxyA.close(),
      () => proxyB.close(),
    );
    const [a, b] = await Promise.all(
      [proxyA, proxyB].map(async (proxy) =>
        startServerProcess(env(await freePort(), { VENDAI_ROLE: 'worker', GATEWAY_WEBHOOK_BASE_URL: proxy.url })),
      ),
    );
    cleanup.running(a!, b!);

    const owner = await registerOver(web.url);
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${web.url}${path}`, {
        method,
        headers: { cookie: owner.cookie, origin: web.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const shop = await seedShop(db, 0, owner);
    await connectShop(web.url, shop);
    await waitFor(() => numberConnected(db, shop.numberId), 'the number connected');
    // Campaigns go only within business hours: this shop opens every hour, so the test runs any day.
    await db
      .insert(businessHours)
      .values({ userId: shop.userId, week: Array(7).fill({ from: '00:00', to: '23:59' }), closedDays: [] });
    for (const phone of CUSTOMERS) await customerWrites(web.url, shop, phone, 'Oi, boa tarde');
    const convs = async () =>
      resultRows<{ id: string; jid: string }>(
        await db.execute(sql`select id, contact_jid as jid from conversations where number_id = ${shop.numberId}`),
      );
    await waitFor(async () => (await convs()).length === CUSTOMERS.length, 'every customer wrote', 60_000);
    for (const c of await convs())
      await db.insert(marketingConsents).values({
        userId: shop.userId,
        convId: c.id,
        contactAddress: c.jid,
        method: 'asked_in_chat',
        givenAt: new Date(),
      });

    /** The campaign messages each customer's phone shows. */
    const phones = async () => {
      const rows = resultRows<{ jid: string; text: string }>(
        await db.execute(sql`
          select m.remote_jid as jid,
                 coalesce(m.content->>'conversation', m.content->'extendedTextMessage'->>'text') as text
          from sim_messages m join sim_instances i on i.id = m.instance_id
          where i.name = ${shop.instanceName} and m.from_me order by m.created_at, m.id`),
      );
      const byPhone = new Map<string, string[]>();
      for (const r of rows.filter((x) => x.text?.includes(BODY)))
        byPhone.set(r.jid.split('@')[0]!, [...(byPhone.get(r.jid.split('@')[0]!) ?? []), r.text]);
      return byPhone;
    };

    holding = true;
    const campaign = await api('POST', '/api/campaigns', {
      name: 'Novidades',
      numberId: shop.numberId,
      audience: {},
      text: `Oi {nome}! ${BODY}`,
    });
    const held = (proxy: typeof proxyA) => proxy.held.some((body) => body.includes(BODY));
    await waitFor(() => held(proxyA) || held(proxyB), 'a campaign message held', 60_000);
    const [victim, survivor, survivorProxy] = held(proxyA) ? [a!, b!, proxyB] : [b!, a!, proxyA];
    victim.child.kill('SIGKILL');
    await victim.exited;
    holding = false;
    survivorProxy.release();

    const state = async () =>
      resultRows<{ status: string; sent: number; other: number }>(
        await db.execute(sql`
          select c.status,
            (select count(*)::int from campaign_recipients r where r.campaign_id = c.id and r.state = 'sent') as sent,
            (select count(*)::int from campaign_recipients r where r.campaign_id = c.id and r.state <> 'sent') as other
          from campaigns c where c.id = ${campaign.id as string}`),
      )[0]!;
    try {
      // The victim's job is retried once pg-boss finds it expired (the queue's expiry): the deadline allows it.
      await waitFor(async () => (await state()).status === 'done', 'the survivor finishing the campaign', 300_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nsurvivor:\n${survivor.output().slice(-3000)}`, { cause: err });
    }
    expect(await state()).toEqual({ status: 'done', sent: CUSTOMERS.length, other: 0 });
    const shown = await phones();
    for (const phone of CUSTOMERS) expect(shown.get(phone), phone).toHaveLength(1);
    const texts = [...shown.values()].flat();
    expect(new Set(texts).size).toBe(texts.length);
  }, 420_000);
});
