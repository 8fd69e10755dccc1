/**
 * What an attendant may do is the owner's choice (docs/decisions/052-attendant-permissions-and-number-claims.md),
 * over HTTP of the real app with the simulator: every permission is off by default and each route it
 * covers answers 403 with its Portuguese reason; the owner turns one on (PUT /api/team/permissions, the
 * Equipe switches) and the same request passes; the attendant cannot change the list; /me shows an
 * attendant neither the owner's personal phone nor the plan (its price). PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ATTENDANT_PERMISSIONS, OWNER_ONLY_MESSAGE, PERMISSION_DENIED_MESSAGES } from '@vendai/contracts/team';
import { accountMembers, agentes, orders, plans, profiles } from '../src/db/schema/index.ts';
import { cloudCustomerSays } from './helpers/cloud-shop.ts';
import { openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { pixShop } from './helpers/pix-helpers.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

const put = (c: TestClient, url: string, payload: object) => c.request({ method: 'PUT', url, payload });
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

/** A person who joined the shop's team (the invitation flow itself is team.test.ts's). */
async function attendantOf(shop: Shop): Promise<TestClient> {
  const client = e.t.client();
  const res = await client.register(newPerson({ fullName: 'Bruno Atendente', phone: '+5511912345678' }));
  expect(res.statusCode).toBe(201);
  await db()
    .insert(accountMembers)
    .values({ userId: res.json().user.id as string, accountId: shop.userId });
  return client;
}

/** The owner's switch on Equipe. */
async function allow(shop: Shop, change: object) {
  const res = await put(shop.client, '/api/team/permissions', change);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function refused(res: { statusCode: number; json: () => { error: { message: string } } }, message: string) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.message).toBe(message);
}

let shop: Shop;
let convId: string;
let attendant: TestClient;
beforeAll(async () => {
  ({ shop, convId } = await pixShop(e));
  attendant = await attendantOf(shop);
});

describe('the list and who changes it', () => {
  it('starts with everything off; only the owner changes it; the attendant reads it on /me', async () => {
    expect((await shop.client.get('/api/team/permissions')).json()).toEqual(DEFAULT_ATTENDANT_PERMISSIONS);
    expect((await attendant.get('/api/team/permissions')).json()).toEqual(DEFAULT_ATTENDANT_PERMISSIONS);
    expect((await attendant.get('/api/account/me')).json().team.permissions).toEqual(DEFAULT_ATTENDANT_PERMISSIONS);

    refused(await put(attendant, '/api/team/permissions', { labels: true }), OWNER_ONLY_MESSAGE);
    const bad = await put(shop.client, '/api/team/permissions', { labels: 'sim' });
    expect(bad.statusCode).toBe(400);

    // A partial change keeps the others; another account's list is untouched.
    const other = await openShop(e, { linkAgent: false });
    expect(await allow(other, { quotePricing: true })).toMatchObject({ quotePricing: true, labels: false });
    expect(await allow(other, { labels: true })).toMatchObject({ quotePricing: true, labels: true });
    expect((await shop.client.get('/api/team/permissions')).json()).toEqual(DEFAULT_ATTENDANT_PERMISSIONS);
  });
});

describe('/me shows an attendant only what an attendant needs', () => {
  it("neither the owner's personal phone nor the plan's price; the owner sees both", async () => {
    const [plan] = await db().select().from(plans).where(eq(plans.isActive, true)).limit(1);
    await db()
      .update(profiles)
      .set({ activePlanId: plan!.id, subscriptionStatus: 'active' })
      .where(eq(profiles.id, shop.userId));

    const owner = (await shop.client.get('/api/account/me')).json();
    expect(owner.profile.phone).toBeTruthy();
    expect(owner.plan).toMatchObject({ id: plan!.id, priceCents: plan!.priceCents });

    for (const url of ['/api/account/me', '/api/account/session']) {
      const res = await attendant.get(url);
      const me = url.endsWith('session') ? res.json().me : res.json();
      expect(me.team.role).toBe('attendant');
      expect(me.profile).toMatchObject({ phone: null, countryCode: null, subscriptionStatus: null });
      expect(me.plan).toBeNull();
      expect(JSON.stringify(me)).not.toContain(owner.profile.phone as string);
      expect(me.planLabel).toBe(owner.planLabel);
    }
  });
});

describe('labels', () => {
  it("an attendant puts the shop's labels on conversations, but creates, renames or deletes them only when allowed", async () => {
    const owned = await shop.client.post('/api/labels', { name: 'VIP', color: 'violet' });
    expect(owned.statusCode).toBe(201);
    const vip = owned.json().id as string;
    const message = PERMISSION_DENIED_MESSAGES.labels;

    refused(await attendant.post('/api/labels', { name: 'Da equipe', color: 'amber' }), message);
    refused(await put(attendant, `/api/labels/${vip}`, { name: 'Renomeada', color: 'amber' }), message);
    refused(await del(attendant, `/api/labels/${vip}`), message);
    expect((await shop.client.get('/api/labels')).json().items.map((l: { name: string }) => l.name)).toEqual(['VIP']);
    // Marking a conversation is the team's.
    expect((await attendant.post(`/api/conversations/${convId}/labels`, { labelId: vip })).statusCode).toBe(200);
    expect((await del(attendant, `/api/conversations/${convId}/labels/${vip}`)).statusCode).toBe(200);

    await allow(shop, { labels: true });
    const created = await attendant.post('/api/labels', { name: 'Da equipe', color: 'amber' });
    expect(created.statusCode).toBe(201);
    expect((await put(attendant, `/api/labels/${vip}`, { name: 'VIP ouro', color: 'amber' })).statusCode).toBe(200);
    expect((await del(attendant, `/api/labels/${created.json().id}`)).statusCode).toBe(204);
    await allow(shop, { labels: false });
    refused(await del(attendant, `/api/labels/${vip}`), message);
  });
});

describe('quick replies', () => {
  it("an attendant uses the shop's quick replies, and writes them only when allowed", async () => {
    const owned = await shop.client.post('/api/quick-replies', { shortcut: 'pix', text: 'Nossa chave Pix é o CNPJ.' });
    expect(owned.statusCode).toBe(201);
    const id = owned.json().id as string;
    const message = PERMISSION_DENIED_MESSAGES.quickReplies;

    expect((await attendant.get('/api/quick-replies')).json().items).toHaveLength(1);
    refused(await attendant.post('/api/quick-replies', { shortcut: 'oi', text: 'Olá!' }), message);
    refused(await put(attendant, `/api/quick-replies/${id}`, { shortcut: 'pix', text: 'Outra chave.' }), message);
    refused(await del(attendant, `/api/quick-replies/${id}`), message);
    expect((await shop.client.get('/api/quick-replies')).json().items[0].text).toBe('Nossa chave Pix é o CNPJ.');

    await allow(shop, { quickReplies: true });
    expect((await attendant.post('/api/quick-replies', { shortcut: 'oi', text: 'Olá!' })).statusCode).toBe(201);
    expect(
      (await put(attendant, `/api/quick-replies/${id}`, { shortcut: 'pix', text: 'Chave: CNPJ.' })).statusCode,
    ).toBe(200);
    expect((await del(attendant, `/api/quick-replies/${id}`)).statusCode).toBe(204);
  });
});

describe('approval override', () => {
  it('an attendant switches approval on, but off only when allowed', async () => {
    const url = `/api/conversations/${convId}/approval`;
    const message = PERMISSION_DENIED_MESSAGES.approvalOverride;
    const on = await put(attendant, url, { mode: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().effective).toBe(true);

    refused(await put(attendant, url, { mode: false }), message);
    // 'Como o agente' with the agent's approval off switches it off too.
    refused(await put(attendant, url, { mode: null }), message);
    expect((await shop.client.get(url)).json()).toMatchObject({ mode: true, effective: true });

    // With the agent's approval on, 'Como o agente' keeps it on: open to the team.
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    expect((await put(attendant, url, { mode: null })).json()).toMatchObject({ mode: null, effective: true });
    refused(await put(attendant, url, { mode: false }), message);
    await db().update(agentes).set({ approvalMode: false }).where(eq(agentes.id, shop.agentId));

    await allow(shop, { approvalOverride: true });
    expect((await put(attendant, url, { mode: false })).json()).toMatchObject({ mode: false, effective: false });
  });
});

describe("pricing 'sob consulta' orders", () => {
  it('an attendant confirms or declines an order waiting for its price only when allowed', async () => {
    const waiting = async (key: string) => {
      const [order] = await db()
        .insert(orders)
        .values({
          userId: shop.userId,
          convId,
          source: 'ai',
          originKey: `test:${key}`,
          lines: [{ itemId: null, name: 'Bolo de festa', option: null, quantity: 1, unitCents: 15000, proposed: true }],
          description: '1x Bolo de festa',
          totalCents: 15000,
          status: 'awaiting_owner',
        })
        .returning();
      return order!.id;
    };
    const first = await waiting('first');
    const second = await waiting('second');
    const message = PERMISSION_DENIED_MESSAGES.quotePricing;
    const amounts = { amounts: [{ line: 0, unitCents: 100 }] };

    refused(await attendant.post(`/api/pix/orders/${first}/confirm`, amounts), message);
    refused(await attendant.post(`/api/pix/orders/${first}/decline`, {}), message);
    const [untouched] = await db().select().from(orders).where(eq(orders.id, first));
    expect(untouched).toMatchObject({ status: 'awaiting_owner', totalCents: 15000 });

    await allow(shop, { quotePricing: true });
    const confirmed = await attendant.post(`/api/pix/orders/${first}/confirm`, {
      amounts: [{ line: 0, unitCents: 14000 }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ totalCents: 14000 });
    expect((await attendant.post(`/api/pix/orders/${second}/decline`, {})).json().status).toBe('declined');
  });
});

describe('marketing templates', () => {
  it('an attendant sends Utility templates, Marketing ones (Meta charges them) only when allowed', async () => {
    const cloud = await openShop(e, { kind: 'cloud', linkAgent: false });
    const member = await attendantOf(cloud);
    await cloudCustomerSays(e, cloud, 'Oi, quero saber das ofertas', { phone: '5511955551234', name: 'Marina' });
    let conv = '';
    await waitFor(async () => {
      const list = (await member.get('/api/conversations')).json().items as { id: string }[];
      conv = list[0]?.id ?? '';
      return conv !== '';
    }, 'the conversation');
    const url = `/api/conversations/${conv}/templates`;
    const marketing = { name: 'oferta_da_semana', language: 'pt_BR', values: ['Marina', 'o biquíni azul'] };

    const utility = await member.post(url, { name: 'retomar_atendimento', language: 'pt_BR', values: ['Marina'] });
    expect(utility.statusCode, utility.body).toBe(201);
    refused(await member.post(url, marketing), PERMISSION_DENIED_MESSAGES.marketingTemplates);
    expect((await cloud.client.post(url, marketing)).statusCode).toBe(201);

    await allow(cloud, { marketingTemplates: true });
    const sent = await member.post(url, marketing);
    expect(sent.statusCode, sent.body).toBe(201);
  });
});
