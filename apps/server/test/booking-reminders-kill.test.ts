/**
 * Reminders under a kill -9 (docs/decisions/073-booking-reminders.md): two worker processes, A and B, on one
 * PostgreSQL, and a web process that is the WhatsApp simulator. Four customers have appointments a few hours
 * ahead, so each one's reminder is due at once. Each worker reaches the simulator through a proxy that
 * passes the sends on and holds their answers: the worker holding the first reminder (already on the
 * customer's phone) is SIGKILLed. The survivor's sweep (every minute, and on each booking event) takes the
 * victim's lapsed claim over, settles it with the simulator's record and sends the rest: every customer's
 * phone shows exactly one reminder. PostgreSQL only (several processes). The set-up is the other kill tests'
 * (helpers/kill-rig.ts).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { customerWrites } from './helpers/engine-server-process.ts';
import { startKillRig } from './helpers/kill-rig.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { testDatabaseKind } from './helpers/test-database.ts';

const cleanup = useProcessCleanup(60_000);

const CUSTOMERS = [0, 1, 2, 3].map((i) => `552197005000${i}`);
const HOUR = 3_600_000;

describe.runIf(testDatabaseKind() === 'postgres')('a kill -9 mid-reminder (PostgreSQL)', () => {
  it('every reminder reaches its customer exactly once', async () => {
    const { database, web, api, setHolding, connectedShop, killHolder } = await startKillRig(cleanup, {
      env: { ENGINE_LEASE_SECONDS: '3' },
      workerRole: 'worker',
      hold: (body) => body.includes('Lembrete do seu'),
    });
    const { db } = database;
    const shop = await connectedShop();
    const setup = await api('POST', '/api/agenda/quick-setup', {
      professionalName: 'Dra. Ana',
      service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
    });
    const serviceId = (setup.services as { id: string }[])[0]!.id;
    for (const phone of CUSTOMERS) await customerWrites(web.url, shop, phone, 'Oi, boa tarde');
    const convs = async () =>
      resultRows<{ id: string; jid: string }>(
        await db.execute(sql`select id, contact_jid as jid from conversations where number_id = ${shop.numberId}`),
      );
    await waitFor(async () => (await convs()).length === CUSTOMERS.length, 'every customer wrote', 60_000);

    /** The reminders each customer's phone shows. */
    const phones = async () => {
      const rows = resultRows<{ jid: string; text: string }>(
        await db.execute(sql`
          select m.remote_jid as jid, m.content->>'conversation' as text
          from sim_messages m join sim_instances i on i.id = m.instance_id
          where i.name = ${shop.instanceName} and m.from_me order by m.created_at, m.id`),
      );
      const byPhone = new Map<string, number>();
      for (const r of rows.filter((x) => x.text?.includes('Lembrete do seu')))
        byPhone.set(r.jid.split('@')[0]!, (byPhone.get(r.jid.split('@')[0]!) ?? 0) + 1);
      return byPhone;
    };

    setHolding(true);
    const firstHour = Math.ceil((Date.now() + 3 * HOUR) / HOUR) * HOUR;
    const list = await convs();
    for (const [i, c] of list.entries())
      await api('POST', '/api/agenda/bookings', {
        serviceId,
        startsAt: new Date(firstHour + i * HOUR).toISOString(),
        customerName: `Cliente ${i}`,
        convId: c.id,
      });
    const { survivor } = await killHolder((body) => body.includes('Lembrete do seu'), 'a reminder held', 120_000);

    const states = async () =>
      resultRows<{ state: string; n: number }>(
        await db.execute(sql`
          select state, count(*)::int as n from booking_reminders where user_id = ${shop.userId} group by state`),
      );
    try {
      // The survivor's sweep (every minute) settles the lapsed claim and sends what is left.
      await waitFor(
        async () => JSON.stringify(await states()) === JSON.stringify([{ state: 'sent', n: CUSTOMERS.length }]),
        'every reminder sent',
        300_000,
      );
    } catch (err) {
      throw new Error(
        `${(err as Error).message}\n${JSON.stringify(await states())}\nsurvivor:\n${survivor.output().slice(-3000)}`,
        { cause: err },
      );
    }
    const shown = await phones();
    for (const phone of CUSTOMERS) expect(shown.get(phone), phone).toBe(1);
  }, 420_000);
});
