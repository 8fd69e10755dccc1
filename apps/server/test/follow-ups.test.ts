/**
 * Follow-ups (docs/decisions/037-follow-ups.md) with an injected clock, on PGlite and PostgreSQL:
 * the ladder's timing (gaps, business hours, holidays), every exclusion, the stop on a customer
 * message, caps and the breaker, the official API's 24-hour window, scheduled messages, two passes
 * at once, and the recovery of a touch whose process died mid-send.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessHours, conversations, followUps } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { touchDueAt } from '../src/domain/follow-ups/ladder.ts';
import { followUpPass } from '../src/modules/follow-ups/follow-up-scheduler.ts';
import { FOLLOW_UP_REASONS } from '../src/modules/follow-ups/follow-up-reasons.ts';
import {
  at,
  conversationWith,
  createClock,
  followUpDeps,
  followUpShop,
  followUpsOf,
  recordingSender,
  say,
  sentFrom,
  startFollowUpApp,
} from './helpers/follow-up-harness.ts';
import type { TestApp } from './helpers/test-app.ts';

const WEEK = [null, ...Array(5).fill({ from: '08:00', to: '18:00' }), null];
const noHours = { week: null, closedDays: [] };
const TZ = 'America/Sao_Paulo';
/** Eight customers' different questions (the touch quotes what each asked). */
const COLOURS = ['azul', 'verde', 'rosa', 'preta', 'branca', 'cinza', 'roxa', 'bege'];

describe('the ladder timing (pure, injected clock)', () => {
  it('goes the gap after VendAI’s last reply when no hours were given', () => {
    const due = touchDueAt({ lastReplyAt: at('2026-11-24T13:00:00Z'), gapMinutes: 120, hours: noHours, timeZone: TZ });
    expect(due?.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });
  it('waits for the next opening when the gap ends after closing time', () => {
    // 17:00 in São Paulo + 2 h = 19:00, closed → Wednesday 08:00 (11:00 UTC).
    const due = touchDueAt({
      lastReplyAt: at('2026-11-24T20:00:00Z'),
      gapMinutes: 120,
      hours: { week: WEEK, closedDays: [] },
      timeZone: TZ,
    });
    expect(due?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
  it('skips a national holiday and the owner’s closed days', () => {
    // Thursday 19/11 17:00 + 2 h → Friday 20/11 is Consciência Negra → Monday 23/11 08:00.
    const holiday = touchDueAt({
      lastReplyAt: at('2026-11-19T20:00:00Z'),
      gapMinutes: 120,
      hours: { week: WEEK, closedDays: [] },
      timeZone: TZ,
    });
    expect(holiday?.toISOString()).toBe('2026-11-23T11:00:00.000Z');
    const closed = touchDueAt({
      lastReplyAt: at('2026-11-24T20:00:00Z'),
      gapMinutes: 120,
      hours: { week: WEEK, closedDays: ['2026-11-25'] },
      timeZone: TZ,
    });
    expect(closed?.toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });
  it('goes at once when the gap ends inside the hours', () => {
    const due = touchDueAt({
      lastReplyAt: at('2026-11-24T12:00:00Z'),
      gapMinutes: 60,
      hours: { week: WEEK, closedDays: [] },
      timeZone: TZ,
    });
    expect(due?.toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });
});

describe('follow-ups in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFollowUpApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const T0 = '2026-11-24T13:00:00Z'; // Tuesday 10:00 in São Paulo
  const quoted = async (shopOpts = {}, convOpts = {}) => {
    const shop = await followUpShop(t, shopOpts);
    const convId = await conversationWith(
      t,
      shop,
      [
        { who: 'contact', text: 'Quanto custa o bolo de pote?', at: at(T0) },
        { who: 'ai', text: 'O bolo de pote custa R$ 12. Quer encomendar?', at: at('2026-11-24T13:01:00Z') },
      ],
      convOpts,
    );
    return { shop, convId };
  };

  it('sends at most the configured touches, each after its gap, each text new', async () => {
    const { shop, convId } = await quoted();
    const clock = createClock('2026-11-24T14:00:00Z');
    const sender = recordingSender();
    const deps = followUpDeps(t, clock, sender);
    await followUpPass(deps);
    expect(sentFrom(sender, shop)).toHaveLength(0);
    const [planned] = await followUpsOf(t, convId);
    expect(new Date(planned!.due_at).toISOString()).toBe('2026-11-24T15:01:00.000Z');

    clock.set('2026-11-24T15:02:00Z');
    await followUpPass(deps);
    const mine = () => sentFrom(sender, shop);
    expect(mine()).toHaveLength(1);
    // The second touch is a day after the first, the third three days after the second.
    clock.set('2026-11-25T15:01:00Z');
    await followUpPass(deps);
    expect(mine()).toHaveLength(1);
    clock.set('2026-11-25T15:03:00Z');
    await followUpPass(deps);
    expect(mine()).toHaveLength(2);
    clock.set('2026-11-28T15:04:00Z');
    await followUpPass(deps);
    expect(mine()).toHaveLength(3);
    clock.set('2026-12-20T15:00:00Z');
    await followUpPass(deps);
    await followUpPass(deps);
    expect(mine()).toHaveLength(3);
    const texts = mine().map((s) => s.text);
    expect(new Set(texts).size).toBe(3);
    expect(texts[0]).toContain('bolo de pote');
    const rows = await followUpsOf(t, convId);
    expect(rows.map((r) => [r.step, r.state])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'sent'],
    ]);
  });

  const exclusions: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['a group', {}, { type: 'group' }],
    ['a contact who opted out', {}, { optedOut: true }],
    ["a 'Nunca responder' contact", {}, { neverAnswer: true }],
    ['a conversation in Manual', {}, { agenteAtivo: false }],
    ['a conversation handed over', {}, { agenteAtivo: false, handoffReason: 'Pediu uma pessoa' }],
    ['an agent with the ladder off', { enabled: false }, {}],
  ];
  for (const [name, shopOpts, convOpts] of exclusions)
    it(`never follows up ${name}`, async () => {
      const { shop, convId } = await quoted(shopOpts, convOpts);
      const sender = recordingSender();
      const clock = createClock('2026-11-24T16:00:00Z');
      await followUpPass(followUpDeps(t, clock, sender));
      clock.set('2026-12-01T16:00:00Z');
      await followUpPass(followUpDeps(t, clock, sender));
      expect(sentFrom(sender, shop)).toHaveLength(0);
      expect((await followUpsOf(t, convId)).filter((r) => r.state === 'sent')).toHaveLength(0);
    });

  it('never follows up when the owner wrote first', async () => {
    const shop = await followUpShop(t);
    const convId = await conversationWith(t, shop, [
      { who: 'owner_app', text: 'Oi! Temos promoção hoje.', at: at(T0) },
      { who: 'contact', text: 'Quanto?', at: at('2026-11-24T13:01:00Z') },
      { who: 'ai', text: 'R$ 12.', at: at('2026-11-24T13:02:00Z') },
    ]);
    const sender = recordingSender();
    await followUpPass(followUpDeps(t, createClock('2026-11-25T16:00:00Z'), sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect(await followUpsOf(t, convId)).toHaveLength(0);
  });

  it('never follows up when the customer wrote last (the AI did not answer)', async () => {
    const shop = await followUpShop(t);
    const convId = await conversationWith(t, shop, [
      { who: 'contact', text: 'Quanto custa?', at: at(T0) },
      { who: 'ai', text: 'R$ 12.', at: at('2026-11-24T13:01:00Z') },
      { who: 'contact', text: 'E o de chocolate?', at: at('2026-11-24T13:02:00Z') },
    ]);
    const sender = recordingSender();
    await followUpPass(followUpDeps(t, createClock('2026-11-25T16:00:00Z'), sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect(await followUpsOf(t, convId)).toHaveLength(0);
  });

  it('never follows up when the AI gave up (its failure notice is the last message)', async () => {
    const shop = await followUpShop(t);
    const convId = await conversationWith(t, shop, [
      { who: 'contact', text: 'Quanto custa?', at: at(T0) },
      {
        who: 'ai',
        text: 'A IA não conseguiu responder',
        at: at('2026-11-24T13:01:00Z'),
        status: 'failed',
        failedBurst: true,
      },
    ]);
    const sender = recordingSender();
    await followUpPass(followUpDeps(t, createClock('2026-11-25T16:00:00Z'), sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect(await followUpsOf(t, convId)).toHaveLength(0);
  });

  const stops: [string, (convId: string, shop: Awaited<ReturnType<typeof followUpShop>>) => Promise<void>, string][] = [
    [
      'a customer message',
      (convId, shop) => say(t, shop, convId, { who: 'contact', text: 'Vou pensar', at: at('2026-11-24T14:00:00Z') }),
      FOLLOW_UP_REASONS.customerReplied,
    ],
    [
      'an owner takeover',
      async (convId) =>
        void (await t.database.db
          .update(conversations)
          .set({ agenteAtivo: false })
          .where(eq(conversations.id, convId))),
      FOLLOW_UP_REASONS.manual,
    ],
    [
      'an opt-out word',
      async (convId, shop) => {
        await say(t, shop, convId, { who: 'contact', text: 'sair', at: at('2026-11-24T14:00:00Z'), optOut: true });
        await t.database.db
          .update(conversations)
          .set({ optedOut: true, agenteAtivo: false })
          .where(eq(conversations.id, convId));
      },
      FOLLOW_UP_REASONS.optedOut,
    ],
  ];
  for (const [name, act, reason] of stops)
    it(`stops a planned touch at once on ${name}`, async () => {
      const { shop, convId } = await quoted();
      const sender = recordingSender();
      const clock = createClock('2026-11-24T13:30:00Z');
      await followUpPass(followUpDeps(t, clock, sender));
      expect((await followUpsOf(t, convId))[0]?.state).toBe('scheduled');
      await act(convId, shop);
      clock.set('2026-11-24T15:30:00Z');
      await followUpPass(followUpDeps(t, clock, sender));
      expect(sentFrom(sender, shop)).toHaveLength(0);
      const rows = await followUpsOf(t, convId);
      expect(rows[0]).toMatchObject({ state: 'cancelled', reason });
      expect(rows.filter((r) => r.state === 'scheduled')).toHaveLength(0);
    });

  it('waits for the business hours: a touch due after closing goes at the next opening', async () => {
    const shop = await followUpShop(t);
    await t.database.db.insert(businessHours).values({ userId: shop.userId, week: WEEK, closedDays: [] });
    const convId = await conversationWith(t, shop, [
      { who: 'contact', text: 'Tem bolo de cenoura?', at: at('2026-11-24T19:50:00Z') },
      { who: 'ai', text: 'Tem sim, R$ 10.', at: at('2026-11-24T20:00:00Z') }, // 17:00 local
    ]);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T22:30:00Z'); // 19:30 local: closed
    const deps = followUpDeps(t, clock, sender);
    await followUpPass(deps);
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect(new Date((await followUpsOf(t, convId))[0]!.due_at).toISOString()).toBe('2026-11-25T11:00:00.000Z');
    clock.set('2026-11-25T11:01:00Z');
    await followUpPass(deps);
    expect(sentFrom(sender, shop)).toHaveLength(1);
  });

  // A touch is AI-written text: it counts toward the plan's AI messages like a reply (decision 046,
  // "Spend for touches"). The shop is open every hour, so the due touch is not deferred on any clock.
  const ALWAYS_OPEN = Array(7).fill({ from: '00:00', to: '23:59' });
  const NOV = '2026-11-01';
  const aiMessagesOf = async (userId: string) =>
    Number(
      resultRows<{ n: number }>(
        await t.database.db.execute(
          sql`select coalesce(sum(ai_messages), 0)::int as n from usage_monthly where user_id = ${userId} and month = ${NOV}::date`,
        ),
      )[0]!.n,
    );

  it('a touch counts once in the month’s AI messages; a free account at its limit gets no touch', async () => {
    const { shop, convId } = await quoted();
    await t.database.db.insert(businessHours).values({ userId: shop.userId, week: ALWAYS_OPEN, closedDays: [] });
    const sender = recordingSender();
    const clock = createClock('2026-11-24T15:02:00Z');
    const deps = followUpDeps(t, clock, sender);
    const before = await aiMessagesOf(shop.userId);
    await followUpPass(deps);
    await followUpPass(deps);
    expect(sentFrom(sender, shop)).toHaveLength(1);
    expect(await aiMessagesOf(shop.userId)).toBe(before + 1);

    // The free plan's limit reached: the next touch is not written nor sent, and stopped with the reason.
    const [{ max }] = resultRows<{ max: number }>(
      await t.database.db.execute(sql`select max_ai_messages as max from plans where slug = 'freemium'`),
    ) as [{ max: number }];
    await t.database.db.execute(
      sql`update usage_monthly set ai_messages = ${max} where user_id = ${shop.userId} and month = ${NOV}::date`,
    );
    clock.set('2026-11-25T15:03:00Z');
    await followUpPass(deps);
    expect(sentFrom(sender, shop)).toHaveLength(1);
    const rows = await followUpsOf(t, convId);
    expect(rows.map((r) => [r.step, r.state, r.reason])).toEqual([
      [1, 'sent', null],
      [2, 'skipped', FOLLOW_UP_REASONS.freeLimit],
    ]);
    expect(await aiMessagesOf(shop.userId)).toBe(max);
    const audit = resultRows<{ origin: string; outcome: string; rule: string | null; detail: string | null }>(
      await t.database.db.execute(
        sql`select origin, outcome, rule, detail from outbound_audit where conv_id = ${convId} and outcome = 'stopped'`,
      ),
    );
    expect(audit).toEqual([
      { origin: 'ai_touch', outcome: 'stopped', rule: 'spend', detail: FOLLOW_UP_REASONS.freeLimit },
    ]);
  });

  it('caps a number’s touches a day, then the account’s', async () => {
    const shop = await followUpShop(t, { numberCap: 2 });
    for (let i = 0; i < 3; i++)
      await conversationWith(t, shop, [
        { who: 'contact', text: `Preço do item ${i}?`, at: at(T0) },
        { who: 'ai', text: `R$ ${10 + i}.`, at: at('2026-11-24T13:01:00Z') },
      ]);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-24T15:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(2);
    const skipped = resultRows<{ reason: string }>(
      await t.database.db.execute(
        sql`select reason from follow_ups where number_id = ${shop.numberId} and state = 'skipped'`,
      ),
    );
    expect(skipped).toEqual([{ reason: FOLLOW_UP_REASONS.numberCap }]);

    const other = await followUpShop(t);
    for (let i = 0; i < 2; i++)
      await conversationWith(t, other, [
        { who: 'contact', text: `Quanto custa ${i}?`, at: at(T0) },
        { who: 'ai', text: `R$ ${20 + i}.`, at: at('2026-11-24T13:01:00Z') },
      ]);
    const accountSender = recordingSender();
    await followUpPass(followUpDeps(t, createClock('2026-11-24T15:30:00Z'), accountSender, 1));
    expect(sentFrom(accountSender, other).length).toBeLessThanOrEqual(1);
  });

  it('the breaker pauses a number after failed sends and alerts the owner', async () => {
    const shop = await followUpShop(t);
    for (let i = 0; i < 4; i++)
      await conversationWith(t, shop, [
        // No number in the question: the touch quotes it, and the price guard would read 'Valor 3' as R$ 3.
        { who: 'contact', text: `Tem na cor ${COLOURS[i]}?`, at: at(T0) },
        { who: 'ai', text: `Tem sim, na cor ${COLOURS[i]}.`, at: at(`2026-11-24T13:0${i + 1}:00Z`) },
      ]);
    const sender = recordingSender();
    sender.fail = true;
    const clock = createClock('2026-11-24T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-24T15:10:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    const states = resultRows<{ state: string; reason: string | null }>(
      await t.database.db.execute(
        sql`select state, reason from follow_ups where number_id = ${shop.numberId} order by due_at`,
      ),
    );
    expect(states.filter((s) => s.state === 'failed')).toHaveLength(3);
    expect(states.filter((s) => s.state === 'skipped')).toEqual([
      { state: 'skipped', reason: FOLLOW_UP_REASONS.paused },
    ]);
    const alerts = resultRows<{ kind: string }>(
      await t.database.db.execute(sql`select kind from owner_alerts where user_id = ${shop.userId}`),
    );
    expect(alerts).toEqual([{ kind: 'follow_ups_paused' }]);
  });

  it('the breaker pauses a number when customers answer touches with opt-out words', async () => {
    const shop = await followUpShop(t);
    const convs: string[] = [];
    for (let i = 0; i < 4; i++)
      convs.push(
        await conversationWith(t, shop, [
          { who: 'contact', text: `Oi ${i}`, at: at(T0) },
          { who: 'ai', text: `Olá ${i}!`, at: at(`2026-11-24T13:0${i + 1}:00Z`) },
        ]),
      );
    const sender = recordingSender();
    const clock = createClock('2026-11-24T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-24T15:03:30Z'); // the first three are due
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(3);
    for (const convId of convs.slice(0, 3)) {
      await say(t, shop, convId, { who: 'contact', text: 'pare', at: at('2026-11-24T15:05:00Z'), optOut: true });
    }
    const { tripBreakerIfDue } = await import('../src/modules/follow-ups/follow-up-guards.ts');
    clock.set('2026-11-24T15:06:00Z');
    expect(
      await tripBreakerIfDue(followUpDeps(t, clock, sender), {
        user_id: shop.userId,
        number_id: shop.numberId,
        conv_id: convs[0]!,
      }),
    ).toBe(true);
    clock.set('2026-11-24T15:10:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(3);
    expect((await followUpsOf(t, convs[3]!))[0]).toMatchObject({ state: 'skipped', reason: FOLLOW_UP_REASONS.paused });
  });

  it('on an official-API number outside the 24-hour window, skips the touch with a note', async () => {
    const { shop, convId } = await quoted({ provider: 'cloud', gaps: [2880] });
    const sender = recordingSender();
    const clock = createClock('2026-11-24T14:00:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-26T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect((await followUpsOf(t, convId))[0]).toMatchObject({
      state: 'skipped',
      reason: FOLLOW_UP_REASONS.cloudWindow,
    });
  });

  it('sends a scheduled message at its time; one the customer answered first is cancelled', async () => {
    const { shop, convId } = await quoted({ enabled: false });
    const other = await conversationWith(t, shop, [{ who: 'contact', text: 'Oi', at: at(T0) }]);
    const db = t.database.db;
    const base = {
      userId: shop.userId,
      numberId: shop.numberId,
      kind: 'scheduled' as const,
      createdAt: at('2026-11-24T13:10:00Z'),
    };
    await db
      .insert(followUps)
      .values({ ...base, convId, dueAt: at('2026-11-24T18:00:00Z'), text: 'Seu bolo está pronto!' });
    await db
      .insert(followUps)
      .values({ ...base, convId: other, dueAt: at('2026-11-24T18:00:00Z'), text: 'Lembrete do pedido' });
    await say(t, shop, other, { who: 'contact', text: 'Já resolvi, obrigado', at: at('2026-11-24T14:00:00Z') });
    const sender = recordingSender();
    const clock = createClock('2026-11-24T17:59:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    clock.set('2026-11-24T18:00:30Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop).map((s) => s.text)).toEqual(['Seu bolo está pronto!']);
    expect((await followUpsOf(t, other))[0]).toMatchObject({
      state: 'cancelled',
      reason: FOLLOW_UP_REASONS.customerReplied,
    });
    const [msg] = resultRows<{ author: string; status: string }>(
      await db.execute(
        sql`select author, status from messages where conv_id = ${convId} and content = 'Seu bolo está pronto!'`,
      ),
    );
    expect(msg).toEqual({ author: 'owner_app', status: 'sent' });
  });

  it('Resultados counts follow-ups sent, customers who replied after one and conversations recovered (CSV too)', async () => {
    const { shop, convId } = await quoted();
    const other = await conversationWith(t, shop, [
      { who: 'contact', text: 'Tem entrega?', at: at(T0) },
      { who: 'ai', text: 'Temos sim.', at: at('2026-11-24T13:01:00Z') },
    ]);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-24T15:05:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(2);
    // One customer answers the touch and gets an answer; the other stays quiet.
    await say(t, shop, convId, { who: 'contact', text: 'Quero 3!', at: at('2026-11-24T16:00:00Z') });
    await say(t, shop, convId, { who: 'ai', text: 'Perfeito, separo para você.', at: at('2026-11-24T16:01:00Z') });
    const query = 'period=custom&from=2026-11-24&to=2026-11-24';
    const res = await shop.client.get(`/api/results?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current.followUps).toEqual({ sent: 2, replied: 1, recovered: 1 });
    const csv = await shop.client.get(`/api/results/export.csv?${query}`);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toContain(
      'Acompanhamentos enviados;Clientes que responderam a um acompanhamento;Conversas recuperadas',
    );
    // Read by column name: other figures (sales, templates, the funnel) have columns of their own.
    const value = (name: string) => row!.split(';')[header!.split(';').indexOf(name)];
    expect(row).toMatch(/^24\/11\/2026;/);
    expect(
      ['Acompanhamentos enviados', 'Clientes que responderam a um acompanhamento', 'Conversas recuperadas'].map(value),
    ).toEqual(['2', '1', '1']);
    expect(['Pedidos', 'Pedidos pagos', 'Receita recebida (R$)'].map(value)).toEqual(['0', '0', '0,00']);
    expect(other).toBeTruthy();
  });

  it('the routes: ladder defaults and validation, Agendar, Cancelar, the preview; another account’s is 404', async () => {
    const { shop, convId } = await quoted();
    const stranger = await followUpShop(t);
    const settings = await shop.client.get(`/api/agents/${shop.agentId}/follow-ups`);
    expect(settings.json()).toEqual({ enabled: true, gapsMinutes: [120, 1440, 4320], numberDailyCap: 30 });
    const bad = await shop.client.request({
      method: 'PUT',
      url: `/api/agents/${shop.agentId}/follow-ups`,
      payload: { enabled: true, gapsMinutes: [7] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escolha o intervalo entre 1 hora e 7 dias.');
    const saved = await shop.client.request({
      method: 'PUT',
      url: `/api/agents/${shop.agentId}/follow-ups`,
      payload: { enabled: false, gapsMinutes: [60, 2880] },
    });
    expect(saved.json()).toEqual({ enabled: false, gapsMinutes: [60, 2880], numberDailyCap: 30 });
    expect((await stranger.client.get(`/api/agents/${shop.agentId}/follow-ups`)).statusCode).toBe(404);

    const past = await shop.client.post(`/api/conversations/${convId}/scheduled-messages`, {
      text: 'Oi',
      sendAt: '2020-01-01T10:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('Escolha um horário no futuro para o envio.');
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await shop.client.post(`/api/conversations/${convId}/scheduled-messages`, {
      text: 'Lembrete',
      sendAt,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(
      (await stranger.client.post(`/api/conversations/${convId}/scheduled-messages`, { text: 'x', sendAt })).statusCode,
    ).toBe(404);
    expect((await stranger.client.post(`/api/follow-ups/${id}/cancel`)).statusCode).toBe(404);
    const listed = await shop.client.get(`/api/conversations/${convId}/follow-ups`);
    expect(listed.json().upcoming).toEqual([expect.objectContaining({ id, kind: 'scheduled', text: 'Lembrete' })]);
    expect((await shop.client.post(`/api/follow-ups/${id}/cancel`)).json()).toMatchObject({ state: 'cancelled' });
    expect((await shop.client.post(`/api/follow-ups/${id}/cancel`)).statusCode).toBe(409);

    const preview = await shop.client.post('/api/playground/follow-up-preview', {
      agentId: shop.agentId,
      history: [
        { role: 'user', content: 'Quanto custa a torta de limão?' },
        { role: 'assistant', content: 'R$ 40 a inteira.' },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().text).toContain('torta de limão');
    const notMine = await stranger.client.post('/api/playground/follow-up-preview', {
      agentId: shop.agentId,
      history: [{ role: 'user', content: 'Oi' }],
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('two passes at once send each due touch exactly once', async () => {
    const shop = await followUpShop(t);
    for (let i = 0; i < 8; i++)
      await conversationWith(t, shop, [
        { who: 'contact', text: `Tem na cor ${COLOURS[i]}?`, at: at(T0) },
        { who: 'ai', text: `Tem sim, na cor ${COLOURS[i]}.`, at: at('2026-11-24T13:01:00Z') },
      ]);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T16:00:00Z');
    await Promise.all([followUpPass(followUpDeps(t, clock, sender)), followUpPass(followUpDeps(t, clock, sender))]);
    await Promise.all([followUpPass(followUpDeps(t, clock, sender)), followUpPass(followUpDeps(t, clock, sender))]);
    const mine = sentFrom(sender, shop);
    expect(mine).toHaveLength(8);
    expect(new Set(mine.map((s) => s.contactJid)).size).toBe(8);
  });

  it('a touch whose process died mid-send is settled with the gateway, never sent twice', async () => {
    const cases: [ReturnType<typeof recordingSender>['verdict'], string, number][] = [
      ['absent', 'sent', 1],
      [{ externalId: 'ext-found' }, 'sent', 0],
      ['unknown', 'failed', 0],
    ];
    for (const [verdict, state, resent] of cases) {
      const { shop, convId } = await quoted();
      const sender = recordingSender();
      const clock = createClock('2026-11-24T13:30:00Z');
      const deps = followUpDeps(t, clock, sender);
      await followUpPass(deps);
      // The dead process: claimed, stored its message, never came back (the lease lapsed).
      const [f] = await followUpsOf(t, convId);
      await say(t, shop, convId, {
        who: 'ai',
        text: 'Oi! Ainda quer o bolo?',
        at: at('2026-11-24T15:02:00Z'),
        status: 'pending',
      });
      const [m] = resultRows<{ id: string }>(
        await t.database.db.execute(sql`select id from messages where conv_id = ${convId} and status = 'pending'`),
      );
      await t.database.db.execute(sql`
        update follow_ups set state = 'sending', claim_token = gen_random_uuid(), claimed_at = now() - interval '10 minutes',
          message_id = ${m!.id}, text = 'Oi! Ainda quer o bolo?', sent_at = now() where id = ${f!.id}`);
      sender.verdict = verdict;
      clock.set('2026-11-24T15:05:00Z');
      await followUpPass(deps);
      await followUpPass(deps);
      expect(sentFrom(sender, shop)).toHaveLength(resent);
      expect((await followUpsOf(t, convId))[0]?.state).toBe(state);
    }
  });
});
