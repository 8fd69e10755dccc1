/**
 * The door out's rules for AI-written answers (docs/decisions/046-one-door-out.md), end to end through
 * the simulator with a scripted AI, on PGlite (the claims it passes through run on PostgreSQL in other
 * files: apps/server/test/database-passes.json): when the price guard replaces a handoff answer with its
 * fallback, the conversation still goes to a person; in approval mode the guard's alert to the owner is
 * sent with the draft.
 */
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentes,
  conversationStages,
  conversations,
  funnelStages,
  ownerAlerts,
  profiles,
  replyDrafts,
} from '../src/db/schema/index.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();
const db = () => e.t.database.db;
const CUSTOMER = '5511977770000';

const toCustomer = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(CUSTOMER)).map((m) => m.text);
const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === CUSTOMER,
  )!;
const alertsOf = (shop: Shop, kind: 'needs_owner' | 'handoff' | 'approval' | 'hot_lead') =>
  db()
    .select()
    .from(ownerAlerts)
    .where(and(eq(ownerAlerts.userId, shop.userId), eq(ownerAlerts.kind, kind)));

/** The AI answers this (every attempt, the guard's second one included). */
const aiSays = (answer: Parameters<typeof formatStructuredReply>[0]) => {
  e.llm.respond = async () => ({ content: formatStructuredReply(answer) });
};

async function shopWithCake(): Promise<Shop> {
  const shop = await openShop(e);
  const res = await shop.client.post('/api/catalogue', { name: 'Bolo de chocolate', priceCents: 8000 });
  expect(res.statusCode, res.body).toBe(201);
  return shop;
}

describe('AI-written answers at the door out', () => {
  it('the guard’s fallback on a handoff answer keeps the handoff: the customer gets a person', async () => {
    const shop = await shopWithCake();
    aiSays({
      reply: 'O bolo sai por R$ 47,90, mas vou chamar alguém da equipe para fechar com você.',
      handoff: { reason: 'Quer negociar o preço' },
      needsOwner: null,
      hotLead: false,
    });
    await customerSays(e, shop, 'Quero negociar o preço do bolo com alguém');
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the answer');
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toEqual([PRICE_FALLBACK_DEFAULT]);
    const conv = await convOf(shop);
    expect(conv.agenteAtivo).toBe(false);
    expect(conv.handoffReason).toBe('Quer negociar o preço');
    await waitFor(async () => (await alertsOf(shop, 'handoff')).length === 1, 'the handoff alert');
  });

  it('in approval mode the guard’s alert reaches the owner when the draft is written', async () => {
    const shop = await shopWithCake();
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    aiSays({ reply: 'Hoje faço o bolo por R$ 65,00!', handoff: null, needsOwner: null, hotLead: false });
    await customerSays(e, shop, 'Faz mais barato?');
    await waitFor(async () => (await alertsOf(shop, 'needs_owner')).length === 1, 'the price guard alert');
    const [alert] = await alertsOf(shop, 'needs_owner');
    expect(alert!.text).toContain('A IA tentou informar um preço que não está no catálogo (R$ 65,00)');
    const conv = await convOf(shop);
    const drafts = await db().select().from(replyDrafts).where(eq(replyDrafts.convId, conv.id));
    expect(drafts).toHaveLength(1);
    expect(JSON.stringify(drafts[0]!.parts)).not.toContain('65');
    expect(await toCustomer(shop)).toEqual([]);
  });

  it('an approved draft is a whole reply: the hot lead moves the funnel card and alerts the owner once it is sent', async () => {
    const shop = await openShop(e);
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    // Hot-lead alerts are off by default (Configurações): the owner turned them on.
    await db().update(profiles).set({ alertHotLead: true }).where(eq(profiles.id, shop.userId));
    aiSays({ reply: 'Perfeito! Vou separar o seu bolo.', handoff: null, needsOwner: null, hotLead: true });
    await customerSays(e, shop, 'Quero comprar o bolo agora');
    const conv = await convOf(shop).catch(() => null);
    await waitFor(async () => {
      const c = conv ?? (await convOf(shop));
      return c && (await db().select().from(replyDrafts).where(eq(replyDrafts.convId, c.id))).length === 1;
    }, 'the draft');
    const c = await convOf(shop);
    const stageOf = async () =>
      (
        await db()
          .select({ kind: funnelStages.kind })
          .from(conversationStages)
          .innerJoin(funnelStages, eq(funnelStages.id, conversationStages.stageId))
          .where(eq(conversationStages.convId, c.id))
      )[0]?.kind ?? 'novo';
    // Drafted: nothing happened yet (the customer has not been answered).
    expect(await stageOf()).toBe('novo');
    expect(await alertsOf(shop, 'hot_lead')).toHaveLength(0);
    const [draft] = await db().select().from(replyDrafts).where(eq(replyDrafts.convId, c.id));
    const sent = await shop.client.post(`/api/conversations/${c.id}/drafts/${draft!.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the approved answer');
    await waitFor(async () => (await stageOf()) === 'qualificado', 'the funnel move');
    await waitFor(async () => (await alertsOf(shop, 'hot_lead')).length === 1, 'the hot-lead alert');
  });
});
