/**
 * Campanhas (docs/decisions/072-campaigns.md), through the app and the database: the marketing consent on
 * the contact panel, the live audience with its exclusions, the QR track's refusal of cold lists, the
 * sending job (once per contact, the AI's variation, the door's rules and audit) with an injected clock,
 * an opt-out ending consent everywhere, and the results of a campaign a customer answered and paid.
 */
import { randomBytes } from 'node:crypto';
import { createDemoLlm } from '@vendai/demo-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSources, labels, conversationLabels, orders } from '../src/db/schema/index.ts';
import type { CampaignDeps, CampaignSender, CampaignText } from '../src/modules/campaigns/campaign-deps.ts';
import { runCampaign } from '../src/modules/campaigns/send-campaign.ts';
import { recordCloudQuality } from '../src/modules/webhooks/webhooks-repository.ts';
import { eq } from 'drizzle-orm';
import { numbers } from '../src/db/schema/index.ts';
import { at, conversationWith, followUpShop, type FollowUpShop, say } from './helpers/follow-up-harness.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A Tuesday, 10:00 in São Paulo (inside the default business week), after the campaign's time. */
const SEND_AT = '2027-03-02T13:00:00Z';
const CLOCK = '2027-03-02T13:05:00Z';
const RECENT = '2027-03-01T15:00:00Z';
const COLD = '2026-06-01T15:00:00Z';
// The customers' messages are dated a day ago by the real clock (the results count replies after the
// campaign's real send); when they last wrote, for the QR track's 90 days, is set on the conversation.

function recordingSender() {
  const sent: CampaignText[] = [];
  const sender: CampaignSender = {
    async send(m) {
      sent.push(m);
      return { ok: true, externalId: `ext-${randomBytes(6).toString('hex')}` };
    },
    async lookUp() {
      return 'absent';
    },
    async template() {
      throw new Error('not a Cloud number');
    },
  };
  return { sent, sender };
}

describe('campaigns', () => {
  let t: TestApp;
  let shop: FollowUpShop;
  const convs: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    shop = await followUpShop(t);
    const person = async (key: string, last: string, conv: Record<string, unknown> = {}) => {
      convs[key] = await conversationWith(
        t,
        shop,
        [{ who: 'contact', text: `Oi, sou ${key}`, at: new Date(Date.now() - 86_400_000) }],
        {
          customerLastAt: at(last),
          contactName: `${key} Silva`,
          ...conv,
        },
      );
    };
    await person('Ana', RECENT);
    await person('Bia', RECENT);
    await person('Caio', RECENT); // no consent
    await person('Duda', RECENT); // opts out later
    await person('Edu', COLD); // consent, silent for months
    await person('Fabi', RECENT, { neverAnswer: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const consent = (key: string, body: unknown = { method: 'asked_in_chat' }) =>
    shop.client.request({ method: 'PUT', url: `/api/campaigns/consent/${convs[key]}`, payload: body as object });

  it('records consent on the contact panel, per account, with a Portuguese refusal of a bad method', async () => {
    for (const k of ['Ana', 'Bia', 'Duda', 'Edu', 'Fabi']) expect((await consent(k)).statusCode).toBe(200);
    const read = await shop.client.get(`/api/campaigns/consent/${convs.Ana}`);
    expect(read.json().consent).toMatchObject({ active: true, method: 'asked_in_chat', endedAt: null });
    expect((await shop.client.get(`/api/campaigns/consent/${convs.Caio}`)).json().consent).toBeNull();
    const bad = await consent('Caio', { method: 'telepatia' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escolha como o cliente aceitou');
    const other = await followUpShop(t);
    expect((await other.client.get(`/api/campaigns/consent/${convs.Ana}`)).statusCode).toBe(404);
  });

  it('counts the audience live, with how many are excluded and why', async () => {
    const res = await shop.client.post('/api/campaigns/audience', { numberId: shop.numberId, audience: {} });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ track: 'qr', matched: 6, eligible: 3, estimatedCostBrl: 0, dailyLimit: 10 });
    expect(p.warning).toContain('bloqueio');
    expect(Object.fromEntries(p.excluded.map((e: { reason: string; count: number }) => [e.reason, e.count]))).toEqual({
      no_consent: 1,
      never_answer: 1,
      qr_cold: 1,
    });
  });

  it('filters by label and by purchases in a period', async () => {
    const db = t.database.db;
    const [vip] = await db.insert(labels).values({ userId: shop.userId, name: 'VIP', color: 'amber' }).returning();
    await db.insert(conversationLabels).values({ convId: convs.Ana!, labelId: vip!.id, userId: shop.userId });
    const byLabel = await shop.client.post('/api/campaigns/audience', {
      numberId: shop.numberId,
      audience: { labelIds: [vip!.id] },
    });
    expect(byLabel.json()).toMatchObject({ matched: 1, eligible: 1 });
    await db.insert(orders).values({
      userId: shop.userId,
      convId: convs.Bia!,
      source: 'manual',
      originKey: `test-${randomBytes(4).toString('hex')}`,
      description: 'Bolo de pote',
      lines: [{ itemId: null, name: 'Bolo de pote', option: null, quantity: 1, unitCents: 1200 }],
      totalCents: 1200,
      status: 'paid',
      paidAt: new Date(),
    });
    const bought = await shop.client.post('/api/campaigns/audience', {
      numberId: shop.numberId,
      audience: { purchase: { mode: 'bought', days: 30 } },
    });
    expect(bought.json()).toMatchObject({ matched: 1, eligible: 1 });
    const notBought = await shop.client.post('/api/campaigns/audience', {
      numberId: shop.numberId,
      audience: { purchase: { mode: 'not_bought', days: 30 } },
    });
    expect(notBought.json().matched).toBe(5);
    // From an ad (the conversation's source, decision 071): only Bia came from one.
    await db.insert(conversationSources).values({
      userId: shop.userId,
      conversationId: convs.Bia!,
      kind: 'ad',
      reliability: 'meta',
      sourceKey: 'ad-123',
    });
    const fromAd = await shop.client.post('/api/campaigns/audience', {
      numberId: shop.numberId,
      audience: { fromAd: true },
    });
    expect(fromAd.json()).toMatchObject({ matched: 1, eligible: 1 });
    const noShow = await shop.client.post('/api/campaigns/audience', {
      numberId: shop.numberId,
      audience: { booking: 'no_show' },
    });
    expect(noShow.json()).toMatchObject({ matched: 0, eligible: 0 });
  });

  it('refuses a cold list on a QR number, in Portuguese', async () => {
    const db = t.database.db;
    const [old] = await db.insert(labels).values({ userId: shop.userId, name: 'Antigos', color: 'slate' }).returning();
    await db.insert(conversationLabels).values({ convId: convs.Edu!, labelId: old!.id, userId: shop.userId });
    const res = await shop.client.post('/api/campaigns', {
      name: 'Frios',
      numberId: shop.numberId,
      audience: { labelIds: [old!.id] },
      text: 'Oi {nome}, temos novidades!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('últimos 90 dias');
  });

  it('sends once to each contact with consent, each text varied, an opt-out stops it', async () => {
    const created = await shop.client.post('/api/campaigns', {
      name: 'Reativação',
      numberId: shop.numberId,
      audience: {},
      text: 'Oi {nome}! Faz tempo que você não pede. Esta semana o bolo de pote sai por R$ 10.',
      scheduledAt: SEND_AT,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().status).toBe('scheduled');

    // Duda asks to stop before the campaign goes: the consent ends (the listener of 'customer.opted_out').
    await t.app.deps.events.deliver([
      {
        name: 'customer.opted_out',
        payload: {
          userId: shop.userId,
          convId: convs.Duda!,
          optOutId: randomBytes(8).toString('hex'),
          source: 'customer_words',
        },
      },
    ]);
    expect((await shop.client.get(`/api/campaigns/consent/${convs.Duda}`)).json().consent).toMatchObject({
      active: false,
      endedReason: 'opt_out',
    });

    const { sent, sender } = recordingSender();
    const deps: CampaignDeps = {
      db: t.database.db,
      llm: createDemoLlm({ assembleSystemPrompt: () => '' }) as unknown as CampaignDeps['llm'],
      log: t.app.log,
      jobs: t.app.deps.jobs,
      sender,
      config: { qrMinGapMs: 0, qrMaxGapMs: 0, cloudGapMs: 0, leaseMs: 30_000 },
      now: () => new Date(CLOCK),
    };
    await runCampaign(deps, id);
    await runCampaign(deps, id);
    expect(new Set(sent.map((s) => s.contactJid)).size).toBe(2);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((s) => s.text)).size).toBe(2);
    for (const s of sent) expect(s.text).toContain('R$ 10');
    expect(sent.some((s) => s.text.includes('Ana'))).toBe(true);

    // Ana answers and buys: the campaign's results show the reply and the sale.
    await say(t, shop, convs.Ana!, { who: 'contact', text: 'Quero dois!', at: new Date(Date.now() + 60_000) });
    await t.database.db.insert(orders).values({
      userId: shop.userId,
      convId: convs.Ana!,
      source: 'ai',
      originKey: `test-${randomBytes(4).toString('hex')}`,
      description: '2 × Bolo de pote',
      lines: [{ itemId: null, name: 'Bolo de pote', option: null, quantity: 2, unitCents: 1000 }],
      totalCents: 2000,
      status: 'paid',
      paidAt: new Date(Date.now() + 120_000),
      createdAt: new Date(Date.now() + 90_000),
    });
    const page = await shop.client.get(`/api/campaigns/${id}`);
    expect(page.json()).toMatchObject({
      status: 'done',
      results: { audience: 2, sent: 2, replied: 1, orders: 1, paidRevenueCents: 2000, costBrl: 0 },
    });
    const list = await shop.client.get('/api/campaigns');
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('a second campaign the same week does not reach the same contacts (weekly cap 1)', async () => {
    const res = await shop.client.post('/api/campaigns/audience', { numberId: shop.numberId, audience: {} });
    const excluded = Object.fromEntries(
      res.json().excluded.map((e: { reason: string; count: number }) => [e.reason, e.count]),
    );
    expect(excluded.weekly_cap).toBe(2);
    expect(res.json().eligible).toBe(0);
  });

  it('an imported contact who never wrote is a cold contact on QR: left out, never sent (decision 078)', async () => {
    const csv = 'Gabi Souza;5511966660001';
    const imported = await shop.client.post('/api/campaigns/consent/import', { csv, declaration: true });
    expect(imported.json()).toMatchObject({ imported: 1 });
    const res = await shop.client.post('/api/campaigns/audience', { numberId: shop.numberId, audience: {} });
    const excluded = Object.fromEntries(
      res.json().excluded.map((e: { reason: string; count: number }) => [e.reason, e.count]),
    );
    // Edu (silent for months) and Gabi (imported, never wrote).
    expect(excluded.qr_cold).toBe(2);
  });

  it("another account's campaign is a 404", async () => {
    const other = await followUpShop(t);
    const mine = await shop.client.get('/api/campaigns');
    const id = mine.json().items[0].id as string;
    expect((await other.client.get(`/api/campaigns/${id}`)).statusCode).toBe(404);
  });

  it('Cloud: the cost before sending; Meta’s 131049 skips that contact; a quality flag pauses the campaign by itself', async () => {
    const cloud = await followUpShop(t, { provider: 'cloud' });
    const db = t.database.db;
    const [n] = await db
      .update(numbers)
      .set({
        cloudWabaId: `waba-${cloud.numberId.slice(0, 8)}`,
        cloudQualityRating: 'GREEN',
        cloudMessagingLimit: 'TIER_1K',
      })
      .where(eq(numbers.id, cloud.numberId))
      .returning();
    const keys = ['Gil', 'Hana', 'Ivo'];
    const ids: string[] = [];
    for (const k of keys) {
      const convId = await conversationWith(
        t,
        cloud,
        [{ who: 'contact', text: 'Oi', at: new Date(Date.now() - 86_400_000) }],
        {
          customerLastAt: at(RECENT),
          contactName: `${k} Lima`,
        },
      );
      ids.push(convId);
      expect(
        (
          await cloud.client.request({
            method: 'PUT',
            url: `/api/campaigns/consent/${convId}`,
            payload: { method: 'form' },
          })
        ).statusCode,
      ).toBe(200);
    }
    const preview = await cloud.client.post('/api/campaigns/audience', { numberId: cloud.numberId, audience: {} });
    // 3 × US$ 0.0625 × 5.4 (decision 064's rate card).
    expect(preview.json()).toMatchObject({ track: 'cloud', eligible: 3, estimatedCostBrl: 1.01, warning: null });
    const noTemplate = await cloud.client.post('/api/campaigns', {
      name: 'Sem modelo',
      numberId: cloud.numberId,
      audience: {},
      text: 'Oi {{1}}!',
    });
    expect(noTemplate.statusCode).toBe(400);
    const created = await cloud.client.post('/api/campaigns', {
      name: 'Black Friday',
      numberId: cloud.numberId,
      audience: {},
      text: 'Oi {{1}}! A Black Friday chegou.',
      template: { name: 'black_friday', language: 'pt_BR' },
      scheduledAt: SEND_AT,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const templates: { to: string; values: string[] }[] = [];
    let call = 0;
    const sender: CampaignSender = {
      send: async () => ({ ok: false, error: new Error('not QR'), unconfirmed: false }),
      lookUp: async () => 'unknown',
      async template(m) {
        call += 1;
        if (call === 1)
          throw new Error(
            'A Meta recusou o modelo (#131049 This message was not delivered to maintain healthy ecosystem engagement.)',
          );
        templates.push({ to: m.to, values: m.template.values });
        // Meta flags the number after the second send.
        if (call === 2)
          await recordCloudQuality(db, { wabaId: n!.cloudWabaId!, phone: n!.phone, rating: 'RED', limit: null });
        return `wamid.${call}`;
      },
    };
    const deps: CampaignDeps = {
      db,
      llm: createDemoLlm({ assembleSystemPrompt: () => '' }) as unknown as CampaignDeps['llm'],
      log: t.app.log,
      jobs: t.app.deps.jobs,
      sender,
      config: { qrMinGapMs: 0, qrMaxGapMs: 0, cloudGapMs: 0, leaseMs: 30_000 },
      now: () => new Date(CLOCK),
    };
    await runCampaign(deps, id);
    expect(templates).toHaveLength(1);
    expect(templates[0]!.values).toHaveLength(1);
    const page = (await cloud.client.get(`/api/campaigns/${id}`)).json();
    expect(page).toMatchObject({ status: 'paused', results: { sent: 1, skipped: 1, pending: 1 } });
    expect(page.pausedReason).toContain('qualidade');
  });
});
