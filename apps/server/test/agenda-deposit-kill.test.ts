/**
 * The sinal's release under a kill -9 (docs/decisions/074-agenda-deposit.md): two worker processes, A and B,
 * on one PostgreSQL, and a web process that is the WhatsApp simulator. Four customers each have a booking
 * held for its sinal, the Pix charged and on their phone. Their holds run out; the release sweep (a pg-boss
 * cron, every minute, one run across processes) releases them and each release's `booking.cancelled` is
 * carried out by whichever worker takes it: the Pix side expires the charge and tells the customer. Each
 * worker reaches the simulator through a proxy that passes the sends on and holds their answers: the worker
 * holding the first 'O prazo para pagar o sinal terminou' (already on the customer's phone) is SIGKILLed in
 * the middle of the releases. The survivor takes the victim's event over once it lapses and settles the
 * interrupted notice with the simulator's record. In the end each booking was released exactly once (one
 * `booking.cancelled` job each), each charge expired once (one charge per order, cancelled at the stand-in)
 * and each customer's phone shows the notice exactly once. PostgreSQL only (several processes). The set-up
 * is the other kill tests' (helpers/kill-rig.ts).
 */
import { DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { pixPayers } from '../src/db/schema/index.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { customerWrites } from './helpers/engine-server-process.ts';
import { DEPOSIT_SERVICE_SETUP, KNOWN_PAYER_CPF } from './helpers/pix-helpers.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { testDatabaseKind } from './helpers/test-database.ts';
import { confirmationCodeFor } from './helpers/test-app.ts';
import { startKillRig } from './helpers/kill-rig.ts';

const cleanup = useProcessCleanup(60_000);

const CUSTOMERS = [0, 1, 2, 3].map((i) => `552197006000${i}`);
const NOTICE = 'O prazo para pagar o sinal terminou';
const DAY = 86_400_000;

describe.runIf(testDatabaseKind() === 'postgres')('a kill -9 mid-release of the sinal holds (PostgreSQL)', () => {
  it('every hold is released once, its charge expired once, its customer told once', async () => {
    const rig = await startKillRig(cleanup, {
      env: { ENGINE_LEASE_SECONDS: '3' },
      workerRole: 'worker',
      hold: (body) => body.includes(NOTICE),
    });
    const { owner, api } = rig;
    const db = rig.database.db;
    // The owner confirms the e-mail (receiving money needs it) and chooses the Pix stand-in.
    await api('POST', '/api/account/email-verification/confirm', { code: await confirmationCodeFor(db, owner.email) });
    await api('PUT', '/api/pix/settings', { provider: 'standin' });
    const shop = await rig.connectedShop();
    const setup = await api('POST', '/api/agenda/quick-setup', DEPOSIT_SERVICE_SETUP);
    const serviceId = (setup.services as { id: string }[])[0]!.id;
    for (const phone of CUSTOMERS) await customerWrites(rig.web.url, shop, phone, 'Oi, boa tarde');
    const convs = async () =>
      resultRows<{ id: string; phone: string }>(
        await db.execute(sql`select id, contact_phone as phone from conversations where number_id = ${shop.numberId}`),
      );
    await waitFor(async () => (await convs()).length === CUSTOMERS.length, 'every customer wrote', 60_000);
    // The customers gave a CPF on an earlier order (the stand-in, like Asaas, charges only with one).
    for (const c of await convs())
      await db.insert(pixPayers).values({ userId: shop.userId, convId: c.id, document: KNOWN_PAYER_CPF });

    /** What each customer's phone shows from the business that contains `text`. */
    const shownOn = async (text: string) => {
      const rows = resultRows<{ jid: string; text: string | null }>(
        await db.execute(sql`
          select m.remote_jid as jid,
                 coalesce(m.content->>'conversation', m.content->'extendedTextMessage'->>'text',
                          m.content->'imageMessage'->>'caption') as text
          from sim_messages m join sim_instances i on i.id = m.instance_id
          where i.name = ${shop.instanceName} and m.from_me`),
      );
      const byPhone = new Map<string, number>();
      for (const r of rows.filter((x) => x.text?.includes(text)))
        byPhone.set(r.jid.split('@')[0]!, (byPhone.get(r.jid.split('@')[0]!) ?? 0) + 1);
      return byPhone;
    };

    // The owner books each customer from the inbox: held for the sinal, the Pix charged and sent.
    const { items: slots } = (await api(
      'GET',
      `/api/agenda/slots?serviceId=${serviceId}&from=${new Date(Date.now() + DAY).toISOString()}&to=${new Date(Date.now() + 8 * DAY).toISOString()}`,
    )) as { items: { startsAt: string }[] };
    // Slots that do not overlap (the grid offers a start every half hour for an hour's service).
    const starts = slots
      .map((s) => Date.parse(s.startsAt))
      .reduce<number[]>((kept, t) => (kept.length === 0 || t - kept.at(-1)! >= 3_600_000 ? [...kept, t] : kept), []);
    for (const [i, c] of (await convs()).entries()) {
      const booked = await api('POST', '/api/agenda/bookings', {
        serviceId,
        startsAt: new Date(starts[i]!).toISOString(),
        customerName: `Cliente ${i}`,
        convId: c.id,
      });
      expect(booked.status).toBe('held');
    }
    const rows = async (q: ReturnType<typeof sql>) => resultRows<Record<string, unknown>>(await db.execute(q));
    const deposits = () =>
      rows(sql`
        select b.id, b.status, b.cancel_reason, o.id as order_id, o.status as order_status,
               o.charge_cancelled_at is not null as charge_cancelled,
               (select count(*)::int from pix_standin_payments p where p.external_reference = o.id::text) as charges,
               (select count(*)::int from pgboss.job j
                where j.name = 'engine.events' and j.singleton_key = 'booking.cancelled:' || b.id::text) as cancelled_events
        from agenda_bookings b left join orders o on o.id = b.deposit_order_id
        where b.user_id = ${shop.userId} order by b.starts_at`);
    await waitFor(
      async () => (await deposits()).every((d) => d.order_status === 'awaiting_payment'),
      'every sinal charged',
      120_000,
    );
    await waitFor(
      async () => (await shownOn('Valor do sinal')).size === CUSTOMERS.length,
      'every sinal on its phone',
      120_000,
    );

    // The holds run out (the clock moved on); the next minute's sweep releases them.
    rig.setHolding(true);
    await db.execute(sql`
      update agenda_bookings set hold_expires_at = now() - interval '1 second'
      where user_id = ${shop.userId} and status = 'held'`);
    const { survivor } = await rig.killHolder(
      (body) => body.includes(NOTICE),
      'a release notice held mid-send',
      180_000,
    );

    const done = async () => {
      const all = await deposits();
      const shown = await shownOn(NOTICE);
      return (
        all.every(
          (d) => d.status === 'cancelled' && d.order_status === 'expired' && d.charge_cancelled && d.cancelled_events,
        ) && CUSTOMERS.every((p) => (shown.get(p) ?? 0) >= 1)
      );
    };
    try {
      // The survivor carries out the victim's event once its job lapses (engine.events: 120 s).
      await waitFor(done, 'every hold released, its charge ended, its customer told', 360_000);
    } catch (err) {
      throw new Error(
        `${(err as Error).message}\n${JSON.stringify(await deposits())}\nsurvivor:\n${survivor.output().slice(-3000)}`,
        { cause: err },
      );
    }
    // Released once, the charge expired once (one charge, cancelled at the stand-in), one event each.
    const all = await deposits();
    expect(all).toHaveLength(CUSTOMERS.length);
    for (const d of all)
      expect(d).toMatchObject({
        status: 'cancelled',
        cancel_reason: DEPOSIT_UNPAID_REASON,
        order_status: 'expired',
        charge_cancelled: true,
        charges: 1,
        cancelled_events: 1,
      });
    // Each customer told once, and no message of the business left pending (an interrupted notice the
    // simulator's record cannot prove is marked failed, never sent again: the phone count above is the truth).
    const shown = await shownOn(NOTICE);
    for (const phone of CUSTOMERS) expect(shown.get(phone), phone).toBe(1);
    await waitFor(
      async () =>
        (
          await rows(sql`
            select count(*)::int as n from messages
            where user_id = ${shop.userId} and direction = 'out' and status = 'pending'`)
        )[0]!.n === 0,
      'no send left open',
      // The victim's interrupted notice is settled when its event job lapses (engine.events: 120 s) and the
      // survivor takes it over; the phones may already show every notice before that.
      240_000,
    );
    expect((await shownOn(NOTICE)).get(CUSTOMERS[0]!)).toBe(1);
  }, 600_000);
});
