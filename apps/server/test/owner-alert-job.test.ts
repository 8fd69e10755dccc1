/**
 * Owner alerts are sent by a durable job (domain/handoff/owner-alert-job.ts, decision 023): an alert
 * left pending by a crash (written, never queued) is sent by the next process's recovery sweep, once;
 * a slow mail transport never holds a reply slot. Through the simulator, on PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { ownerAlerts, profiles } from '../src/db/schema/index.ts';
import { sendOwnerAlert } from '../src/domain/handoff/owner-alert-job.ts';
import type { Mail, Mailer } from '../src/integrations/mail/mailer.ts';
import { createOutboxMailer } from '../src/integrations/mail/outbox-mailer.ts';
import {
  customerSays,
  type EngineApp,
  openShop,
  sentToCustomers,
  type Shop,
  sleep,
  startEngineApp,
  waitFor,
} from './helpers/engine-harness.ts';

/** A mail transport whose sends take `slowMs` (an SMTP server that answers slowly). */
const mails: Mail[] = [];
let slowMs = 0;
const slowMailer: Mailer = {
  kind: 'outbox',
  async send(mail) {
    // The sign-up's e-mail confirmation goes to the outbox, where the test client reads its link.
    if (mail.subject.startsWith('Confirme seu e-mail'))
      return createOutboxMailer(db(), e.t.app.log, { logLinks: false }).send(mail);
    if (slowMs) await sleep(slowMs);
    mails.push(mail);
  },
};

let e: EngineApp;
beforeAll(async () => {
  // One reply at a time: an alert that held the reply slot would hold every other customer's answer.
  // A short lease: the recovery sweep runs every second or two.
  e = await startEngineApp({ ENGINE_MAX_REPLIES_IN_FLIGHT: '1', ENGINE_LEASE_SECONDS: '4' }, { mailer: slowMailer });
});
afterAll(async () => {
  await e?.close();
});

const db = () => e.t.database.db;
/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const toOwner = async (shop: Shop) => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER));
const to = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone));
const alertsOf = (shop: Shop) => db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId));

describe('owner alerts as a job', () => {
  it('an alert pending at a crash is sent after the restart, exactly once', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Oi', { phone: '5511977771111', name: 'Bia' });
    await waitFor(async () => (await to(shop, '5511977771111')).length === 1, 'first answer');
    const [conv] = resultRows<{ id: string }>(
      await db().execute(sql`select id from conversations where number_id = ${shop.number.id}`),
    );
    // What a process that died right after writing the alert leaves: a pending row, no job.
    const [alert] = await db()
      .insert(ownerAlerts)
      .values({
        userId: shop.userId,
        convId: conv!.id,
        kind: 'needs_owner',
        status: 'pending',
        text: '🔔 Bia precisa de você.',
        toPhone: OWNER,
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();

    // The recovery sweep (at start and then every few seconds) queues it; the job sends it.
    await waitFor(async () => (await toOwner(shop)).length === 1, 'the pending alert sent', 20_000);
    await waitFor(async () => (await alertsOf(shop))[0]?.status === 'sent', 'alert listed as sent');
    expect((await toOwner(shop))[0]!.text).toBe('🔔 Bia precisa de você.');

    // More sweeps, and the job delivered again (pg-boss delivers at least once): nothing is sent twice.
    await sleep(4_000);
    const { db: appDb, gateway, mailer, jobs } = e.t.app.deps;
    const deps = { db: appDb, gateway, mailer, jobs, log: e.t.app.log, appUrl: '' };
    expect(await sendOwnerAlert(deps, alert!.id)).toBe(null);
    expect(await toOwner(shop)).toHaveLength(1);
  });

  it('a slow mail transport does not delay the reply (nor hold the reply slot)', async () => {
    const shop = await openShop(e);
    await db().update(profiles).set({ alertChannel: 'email' }).where(eq(profiles.id, shop.userId));
    slowMs = 8_000;
    try {
      const started = Date.now();
      await customerSays(e, shop, 'Quero falar com um atendente', { phone: '5511977772222', name: 'Caio' });
      await waitFor(async () => (await to(shop, '5511977772222')).length === 1, 'handoff answer');
      await waitFor(async () => (await alertsOf(shop)).length === 1, 'alert written');
      // Another customer right after: answered while the alert's e-mail is still being sent.
      await customerSays(e, shop, 'Oi, tem bolo?', { phone: '5511977773333', name: 'Duda' });
      await waitFor(async () => (await to(shop, '5511977773333')).length === 1, 'second customer answered');
      expect(Date.now() - started).toBeLessThan(slowMs);
      expect(mails.filter((m) => m.subject.includes('Caio'))).toHaveLength(0);

      await waitFor(async () => mails.filter((m) => m.subject.includes('Caio')).length === 1, 'alert e-mail', 20_000);
      await waitFor(async () => (await alertsOf(shop))[0]?.status === 'sent', 'alert listed as sent');
      expect(await toOwner(shop)).toHaveLength(0); // e-mail only, as the owner chose
    } finally {
      slowMs = 0;
    }
  });
});
