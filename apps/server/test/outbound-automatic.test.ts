/**
 * The door out's rules for automatic sends (docs/decisions/046-one-door-out.md), on follow-up touches,
 * with the real app and database and an injected clock (PGlite, and PostgreSQL with TEST_DB=postgres):
 * a touch passes the price guard (an invented 'R$ 47,90' never reaches the customer, the owner is
 * told), approval mode holds it, the default business hours apply when the owner set none, and no
 * touch is planned for a customer who just paid.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, orders, outboundAudit, ownerAlerts } from '../src/db/schema/index.ts';
import { followUpPass } from '../src/modules/follow-ups/follow-up-scheduler.ts';
import { FOLLOW_UP_REASONS } from '../src/modules/follow-ups/follow-up-reasons.ts';
import type { FollowUpDeps } from '../src/modules/follow-ups/follow-up-deps.ts';
import {
  at,
  type Clock,
  conversationWith,
  createClock,
  followUpDeps,
  followUpShop,
  followUpsOf,
  type RecordingSender,
  recordingSender,
  say,
  sentFrom,
  startFollowUpApp,
} from './helpers/follow-up-harness.ts';
import type { TestApp } from './helpers/test-app.ts';

describe('automatic sends pass the door out’s rules (follow-up touches)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFollowUpApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Follow-up deps whose AI writes exactly `touch` (the demo AI never quotes a price). */
  const writing = (clock: Clock, sender: RecordingSender, touch: string): FollowUpDeps => ({
    ...followUpDeps(t, clock, sender),
    llm: { kind: 'demo', complete: async () => touch } as unknown as FollowUpDeps['llm'],
  });

  /** The conversation's audit records of stopped messages. */
  const stoppedIn = async (convId: string) =>
    (
      await t.database.db
        .select()
        .from(outboundAudit)
        .where(and(eq(outboundAudit.convId, convId), eq(outboundAudit.outcome, 'stopped')))
    ).map((r) => ({ origin: r.origin, outcome: r.outcome, rule: r.rule, detail: r.detail }));

  const T0 = '2026-11-24T13:00:00Z'; // Tuesday 10:00 in São Paulo
  const quoted = async () => {
    const shop = await followUpShop(t);
    const convId = await conversationWith(t, shop, [
      { who: 'contact', text: 'Quanto custa o bolo de pote?', at: at(T0) },
      { who: 'ai', text: 'O bolo de pote custa R$ 12,00. Quer encomendar?', at: at('2026-11-24T13:01:00Z') },
    ]);
    return { shop, convId };
  };

  it('a touch with an invented R$ 47,90 never reaches the customer; the owner is told; a catalogue price goes', async () => {
    const { shop, convId } = await quoted();
    const created = await shop.client.post('/api/catalogue', { name: 'Bolo de pote', priceCents: 1200 });
    expect(created.statusCode, created.body).toBe(201);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T14:00:00Z');
    await followUpPass(
      writing(clock, sender, 'Oi! O bolo de pote está saindo por R$ 47,90 hoje, quer garantir o seu?'),
    );
    clock.set('2026-11-24T15:02:00Z');
    await followUpPass(
      writing(clock, sender, 'Oi! O bolo de pote está saindo por R$ 47,90 hoje, quer garantir o seu?'),
    );
    expect(sentFrom(sender, shop)).toHaveLength(0);
    const [touch] = await followUpsOf(t, convId);
    expect(touch).toMatchObject({ state: 'skipped', reason: FOLLOW_UP_REASONS.priceGuard });
    const alerts = await t.database.db
      .select()
      .from(ownerAlerts)
      .where(and(eq(ownerAlerts.userId, shop.userId), eq(ownerAlerts.kind, 'needs_owner')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('A IA tentou informar um preço que não está no catálogo num acompanhamento');
    expect(alerts[0]!.text).toContain('R$ 47,90');
    // The stopped touch leaves its audit record (decision 046, "The audit record").
    expect(await stoppedIn(convId)).toEqual([
      { origin: 'ai_touch', outcome: 'stopped', rule: 'price_guard', detail: FOLLOW_UP_REASONS.priceGuard },
    ]);

    // The same conversation's next touch with the catalogue's price goes.
    const other = await conversationWith(t, shop, [
      { who: 'contact', text: 'E o bolo de pote?', at: at('2026-11-24T15:10:00Z') },
      { who: 'ai', text: 'Custa R$ 12,00.', at: at('2026-11-24T15:11:00Z') },
    ]);
    clock.set('2026-11-24T17:12:00Z');
    await followUpPass(writing(clock, sender, 'Oi! Ainda quer o bolo de pote de R$ 12,00?'));
    expect(sentFrom(sender, shop).map((s) => s.text)).toEqual(['Oi! Ainda quer o bolo de pote de R$ 12,00?']);
    expect(sentFrom(sender, shop)[0]!.origin).toBe('ai_touch');
    expect((await followUpsOf(t, other))[0]!.state).toBe('sent');
  });

  it('a touch in approval mode is never sent unapproved', async () => {
    const { shop, convId } = await quoted();
    await t.database.db.update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    const sender = recordingSender();
    const clock = createClock('2026-11-24T14:00:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-24T15:02:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-30T15:02:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    expect((await followUpsOf(t, convId)).filter((r) => r.state === 'sent')).toHaveLength(0);
    expect((await followUpsOf(t, convId))[0]).toMatchObject({ reason: FOLLOW_UP_REASONS.approval });
    expect((await stoppedIn(convId))[0]).toEqual({
      origin: 'ai_touch',
      outcome: 'stopped',
      rule: 'approval',
      detail: FOLLOW_UP_REASONS.approval,
    });
  });

  it('no touch at 3 a.m. when the owner set no business hours: the default week (Resultados’) applies', async () => {
    const shop = await followUpShop(t);
    // Tuesday 01:00 in São Paulo; the 2-hour gap ends at 03:01.
    const convId = await conversationWith(t, shop, [
      { who: 'contact', text: 'Vocês entregam hoje?', at: at('2026-11-24T04:00:00Z') },
      { who: 'ai', text: 'Entregamos sim, das 8h às 18h.', at: at('2026-11-24T04:01:00Z') },
    ]);
    const sender = recordingSender();
    const clock = createClock('2026-11-24T04:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    const [planned] = await followUpsOf(t, convId);
    // 08:00 in São Paulo (Monday to Friday 08:00–18:00 when none were set).
    expect(new Date(planned!.due_at).toISOString()).toBe('2026-11-24T11:00:00.000Z');
    clock.set('2026-11-24T06:05:00Z'); // 03:05 in São Paulo
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    clock.set('2026-11-24T11:01:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(1);
  });

  it('no touch is planned for a customer who just paid (nor one planned before the payment sent)', async () => {
    const { shop, convId } = await quoted();
    const sender = recordingSender();
    const clock = createClock('2026-11-24T13:30:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(await followUpsOf(t, convId)).toHaveLength(1); // planned after the quote

    // The customer paid the Pix; VendAI told them the order is confirmed (the Pix module's message).
    await t.database.db.insert(orders).values({
      userId: shop.userId,
      convId,
      source: 'ai',
      originKey: randomUUID(),
      description: '1 bolo de pote',
      totalCents: 1200,
      status: 'paid',
      paidAt: at('2026-11-24T13:40:00Z'),
    });
    await say(t, shop, convId, {
      who: 'ai',
      text: 'Pagamento confirmado! ✅ Seu pedido está confirmado.',
      at: at('2026-11-24T13:40:01Z'),
    });
    clock.set('2026-11-24T13:45:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    clock.set('2026-11-26T13:45:00Z');
    await followUpPass(followUpDeps(t, clock, sender));
    expect(sentFrom(sender, shop)).toHaveLength(0);
    const rows = await followUpsOf(t, convId);
    expect(rows.map((r) => [r.state, r.reason])).toEqual([['cancelled', FOLLOW_UP_REASONS.paid]]);
  });
});
