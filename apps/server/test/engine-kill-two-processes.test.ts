/**
 * One door out under a kill -9 (docs/decisions/046-one-door-out.md; sends never repeated: 005; touches:
 * 037; drafts: 045; Pix orders: 038 and 055; the answer's effects as a job: 057). Two server processes,
 * A and B, do the work on one PostgreSQL; a third one, web only, is the WhatsApp simulator and takes
 * its webhooks; the AI is the fake. One shop has follow-up touches due, approved drafts and customers'
 * confirmed orders whose Pix goes out. Each worker reaches the simulator through a proxy that, once the
 * work is due, passes its sends on and holds their answers: the first to hold a Pix message is
 * SIGKILLed mid-way through sends the customers already have, the other's answers are let through.
 * The survivor finishes: every touch, every approved draft and every order's Pix exactly once on the
 * customers' phones, nothing for the draft nobody approved. PostgreSQL only (several processes). The set-up
 * is the other kill tests' (helpers/kill-rig.ts).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { businessHours, pixPayers } from '../src/db/schema/index.ts';
import { engineIdleOf } from './helpers/engine-progress.ts';
import { sleep, waitFor } from './helpers/engine-harness.ts';
import { customerWrites } from './helpers/engine-server-process.ts';
import { startKillRig } from './helpers/kill-rig.ts';
import { KNOWN_PAYER_CPF } from './helpers/pix-helpers.ts';
import type { ServerProcess } from './helpers/server-process.ts';
import { useProcessCleanup } from './helpers/process-cleanup.ts';
import { testDatabaseKind } from './helpers/test-database.ts';
import { confirmationCodeFor } from './helpers/test-app.ts';

const cleanup = useProcessCleanup(60_000);

/** Three customers of each kind (5521 9 <kind> <n>): quiet ones due a touch, buyers, and approval-mode ones. */
const customers = (kind: string) => [0, 1, 2].map((i) => `55219${kind}000${i}`);
const QUIET = customers('7001');
const BUYERS = customers('7002');
const ASKERS = customers('7003');
const TOUCH = 'Oi! Ainda posso te ajudar?';
const ORDER_REPLY = 'Fechado! Já te mando o Pix.';

describe.runIf(testDatabaseKind() === 'postgres')('a kill -9 with touches, drafts and Pix due (PostgreSQL)', () => {
  it('the surviving process sends every touch, approved draft and Pix message exactly once', async () => {
    // Once the work is due, every send but the order's answer (its Pix waits for it) is held.
    const {
      fake,
      database,
      web,
      a,
      b,
      owner,
      api: ownerApi,
      setHolding,
      connectedShop,
      killHolder,
    } = await startKillRig(cleanup, {
      env: { APPROVAL_ALERT_GROUP_SECONDS: '1', FOLLOW_UPS_POLL_SECONDS: '0.5' },
      hold: (body) => !body.includes(ORDER_REPLY),
    });
    let cake = '';
    fake.respond = async (call, n) => {
      // A touch takes a moment to write, so the kill finds touches being written and sent.
      if (call.messages.some((m) => m.content.includes('o cliente parou de responder'))) {
        await sleep(300);
        return { content: `${TOUCH} (${n})` };
      }
      if (!call.messages.at(-1)?.content.includes('Quero')) return { content: `Resposta da IA ${n}` };
      // The customer's confirmed order, by its catalogue id (docs/decisions/038-pix-charges.md).
      const pedido = { itens: [{ id: cake, quantidade: 1 }] };
      return {
        content: JSON.stringify({ reply: ORDER_REPLY, handoff: null, needs_owner: null, hot_lead: false, pedido }),
      };
    };
    const { db } = database;
    const api = (on: ServerProcess, method: string, path: string, body?: unknown) => ownerApi(method, path, body, on);
    // The owner confirms the e-mail (receiving money needs it) and chooses the Pix stand-in.
    await api(web, 'POST', '/api/account/email-verification/confirm', {
      code: await confirmationCodeFor(db, owner.email),
    });
    await api(web, 'PUT', '/api/pix/settings', { provider: 'standin' });
    cake = (await api(web, 'POST', '/api/catalogue', { name: 'Bolo de cenoura', priceCents: 4500 })).id as string;
    const shop = await connectedShop();
    // Touches go only within business hours: this shop opens every hour, so the test runs any day.
    await db
      .insert(businessHours)
      .values({ userId: shop.userId, week: Array(7).fill({ from: '00:00', to: '23:59' }), closedDays: [] });

    /** What each customer's phone shows from the business, in order (an image as 'imageMessage'). */
    const phones = async () => {
      const rows = resultRows<{ jid: string; text: string }>(
        await db.execute(sql`
          select m.remote_jid as jid,
                 coalesce(m.content->>'conversation', m.content->'extendedTextMessage'->>'text', m.message_type) as text
          from sim_messages m join sim_instances i on i.id = m.instance_id
          where i.name = ${shop.instanceName} and m.from_me order by m.created_at, m.id`),
      );
      const byPhone = new Map<string, string[]>();
      for (const r of rows) byPhone.set(r.jid.split('@')[0]!, [...(byPhone.get(r.jid.split('@')[0]!) ?? []), r.text]);
      return byPhone;
    };
    const everyone = [...QUIET, ...BUYERS, ...ASKERS];
    for (const phone of everyone) await customerWrites(web.url, shop, phone, 'Oi, boa tarde');
    await waitFor(
      async () => {
        const shown = await phones();
        return everyone.every((p) => (shown.get(p)?.length ?? 0) >= 1);
      },
      'every greeting answered',
      60_000,
    );
    await waitFor(() => engineIdleOf(db, shop), 'the greetings done', 30_000);
    const convs = new Map(
      resultRows<{ id: string; phone: string }>(
        await db.execute(sql`select id, contact_phone as phone from conversations where number_id = ${shop.numberId}`),
      ).map((c) => [c.phone, c.id]),
    );
    const convOf = (phone: string) => convs.get(phone)!;
    // The buyers gave a CPF on an earlier order (the stand-in, like Asaas, charges only with one).
    for (const phone of BUYERS)
      await db.insert(pixPayers).values({ userId: shop.userId, convId: convOf(phone), document: KNOWN_PAYER_CPF });
    // The askers' conversations in approval mode; each asks, and the AI's answer waits as a draft.
    for (const phone of ASKERS) await api(web, 'PUT', `/api/conversations/${convOf(phone)}/approval`, { mode: true });
    for (const phone of ASKERS) await customerWrites(web.url, shop, phone, 'Qual o prazo de entrega?');
    const drafts = async () =>
      resultRows<{ id: string; conv_id: string; state: string; burst_state: string | null }>(
        await db.execute(sql`
          select d.id, d.conv_id, d.state, b.state as burst_state
          from reply_drafts d left join reply_bursts b on b.id = d.burst_id
          where d.user_id = ${shop.userId} order by d.created_at`),
      );
    await waitFor(async () => (await drafts()).filter((d) => d.state === 'pending').length === 3, 'drafts', 60_000);

    // Everything due at once; from now on the workers' sends reach the phones and wait for their answers.
    setHolding(true);
    // The quiet customers' exchange was two hours ago (the clock moves); the ladder on.
    await db.execute(sql`
      update messages set created_at = created_at - interval '2 hours'
      where conv_id in (select id from conversations where number_id = ${shop.numberId}
                        and contact_phone like '552197001%')`);
    const [{ agente }] = resultRows<{ agente: string }>(
      await db.execute(sql`select agente from numbers where id = ${shop.numberId}`),
    ) as [{ agente: string }];
    await api(a, 'PUT', `/api/agents/${agente}/follow-ups`, { enabled: true, gapsMinutes: [60] });
    for (const phone of BUYERS) await customerWrites(web.url, shop, phone, 'Quero 1 bolo de cenoura');
    // The owner approves two drafts ('Enviar'), one on each worker; the third is never approved.
    const [first, second, unapproved] = (await drafts()).filter((d) => d.state === 'pending');
    for (const [on, d] of [
      [a, first!],
      [b, second!],
    ] as const)
      void api(on, 'POST', `/api/conversations/${d.conv_id}/drafts/${d.id}/send`, {}).catch(() => null);
    // Mid-way: the first worker to hold a Pix message (it already reached the phone) is killed.
    const { survivor, heldByVictim } = await killHolder(
      (body) => body.includes('Segue o Pix'),
      'a Pix message held',
      90_000,
    );

    const settled = async () => {
      const [row] = resultRows<Record<'touches' | 'charged' | 'open_jobs', number>>(
        await db.execute(sql`
          select
            (select count(*) from follow_ups f join conversations c on c.id = f.conv_id
               where f.number_id = ${shop.numberId} and c.contact_phone like '552197001%'
                 and f.state in ('sent', 'failed', 'skipped'))::int as touches,
            (select count(*) from orders where user_id = ${shop.userId} and sent_at is not null)::int as charged,
            (select count(*) from pgboss.job where name in ('pix.charge-order', 'engine.events')
               and state in ('created', 'retry', 'active'))::int as open_jobs`),
      );
      const d = await drafts();
      return (
        row!.touches === QUIET.length &&
        row!.charged === BUYERS.length &&
        row!.open_jobs === 0 &&
        d.filter((x) => x.state === 'sent' && x.burst_state === 'done').length === 2 &&
        (await engineIdleOf(db, shop))
      );
    };
    try {
      // The charge job the victim held is retried once pg-boss finds it expired (the rig's takeover, about a
      // minute), then again until the victim's send lease lapses (charge-order.ts): the deadline allows both.
      await waitFor(settled, 'the survivor finishing what the victim left', 300_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nsurvivor:\n${survivor.output().slice(-3000)}`, {
        cause: err,
      });
    }

    // On the phones: each message once, and exactly the expected ones.
    const shown = await phones();
    for (const [phone, texts] of shown)
      if (everyone.includes(phone)) expect(new Set(texts).size, `${phone}: ${texts.join(' | ')}`).toBe(texts.length);
    for (const phone of QUIET) {
      expect(shown.get(phone)).toHaveLength(2);
      expect(shown.get(phone)![1]).toContain(TOUCH);
    }
    for (const phone of BUYERS) {
      const texts = shown.get(phone)!;
      expect(texts).toHaveLength(5);
      expect(texts).toContain(ORDER_REPLY);
      expect(texts.filter((t) => t.includes('Valor: R$ 45,00'))).toHaveLength(1);
      expect(texts.filter((t) => t === 'imageMessage')).toHaveLength(1);
    }
    for (const d of [first!, second!]) {
      const phone = [...convs].find(([, id]) => id === d.conv_id)![0];
      expect(shown.get(phone)).toEqual([
        expect.stringMatching(/^Resposta da IA/),
        expect.stringMatching(/^Resposta da IA/),
      ]);
    }
    const unapprovedPhone = [...convs].find(([, id]) => id === unapproved!.conv_id)![0];
    expect(shown.get(unapprovedPhone)).toHaveLength(1);

    // In the database: touches sent, one charge per order, the unapproved draft still waiting, no send left open.
    const rows = async (q: ReturnType<typeof sql>) => resultRows<Record<string, unknown>>(await db.execute(q));
    expect(
      await rows(sql`
        select c.contact_phone as phone, f.state from follow_ups f join conversations c on c.id = f.conv_id
        where f.number_id = ${shop.numberId} and f.state not in ('scheduled', 'cancelled') order by 1`),
    ).toEqual(QUIET.map((phone) => ({ phone, state: 'sent' })));
    expect(
      await rows(sql`
        select o.status,
               (select count(*)::int from pix_standin_payments p where p.external_reference = o.id::text) as charges
        from orders o where o.user_id = ${shop.userId}`),
    ).toEqual(BUYERS.map(() => ({ status: 'awaiting_payment', charges: 1 })));
    expect((await drafts()).find((d) => d.id === unapproved!.id)!.state).toBe('pending');
    expect(
      await rows(sql`
        select status, count(*)::int as n from messages
        where user_id = ${shop.userId} and direction = 'out' and status not in ('sent', 'delivered', 'read')
        group by status`),
    ).toEqual([]);
    // The victim was mid-way through its approved draft and a Pix message (at least).
    expect(heldByVictim.length).toBeGreaterThanOrEqual(2);
  }, 420_000);
});
