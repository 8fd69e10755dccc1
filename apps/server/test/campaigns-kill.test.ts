/**
 * A campaign under a kill -9 (docs/decisions/072-campaigns.md): two server processes, A and B, work on one
 * PostgreSQL; a third, web only, is the WhatsApp simulator. A QR shop's customers wrote and gave consent; the
 * owner sends a campaign. Each worker reaches the simulator through a proxy that passes the sends on and holds
 * their answers: the worker holding the first campaign message (already on the customer's phone) is SIGKILLed.
 * The survivor takes the campaign's job over once pg-boss finds the victim's expired, settles the claim the
 * victim left mid-send with the simulator's record, and sends the rest: every customer gets the campaign
 * exactly once. PostgreSQL only (several processes). The set-up is the other kill tests' (helpers/kill-rig.ts).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { businessHours, marketingConsents } from '../src/db/schema/index.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { customerWrites } from './helpers/engine-server-process.ts';
import { startKillRig } from './helpers/kill-rig.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { testDatabaseKind } from './helpers/test-database.ts';

const cleanup = useProcessCleanup(60_000);

const CUSTOMERS = [0, 1, 2, 3, 4, 5].map((i) => `552197004000${i}`);
const BODY = 'Novidades na loja esta semana';

describe.runIf(testDatabaseKind() === 'postgres')('a kill -9 mid-campaign (PostgreSQL)', () => {
  it('the surviving process sends the campaign to every customer exactly once', async () => {
    const { fake, database, web, api, setHolding, connectedShop, killHolder } = await startKillRig(cleanup, {
      env: { CAMPAIGN_QR_MIN_GAP_SECONDS: '0', CAMPAIGN_QR_MAX_GAP_SECONDS: '0', ENGINE_LEASE_SECONDS: '3' },
      workerRole: 'worker',
      hold: (body) => body.includes(BODY),
    });
    // The QR track's variation: one text per call (no figures, so the guard keeps it).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    fake.respond = async (call, n) =>
      call.messages.some((m) => m.content.includes('mensagem de campanha'))
        ? { content: `Olá ${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}! ${BODY}` }
        : { content: `Resposta da IA ${letters[n % 26]}` };
    const { db } = database;
    const shop = await connectedShop();
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

    setHolding(true);
    const campaign = await api('POST', '/api/campaigns', {
      name: 'Novidades',
      numberId: shop.numberId,
      audience: {},
      text: `Oi {nome}! ${BODY}`,
    });
    const { survivor } = await killHolder((body) => body.includes(BODY), 'a campaign message held', 60_000);

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
