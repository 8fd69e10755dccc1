/**
 * Approval mode ('A IA sugere, eu aprovo', docs/decisions/045-approval-mode.md), end to end through the
 * simulator: the AI's answer waits as a draft; 'Enviar', 'Editar' and 'Descartar' over HTTP; the owner's
 * '1' / '2' on their own WhatsApp acts exactly once (two quick replies, a webhook delivered twice, a
 * quoted alert among several drafts); the timeout sends or drops; another account's draft is a 404.
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, messages, ownerAlerts, replyDrafts, usageMonthly } from '../src/db/schema/index.ts';
import { APPROVAL_PROMPT } from '../src/modules/conversation-engine/approval/draft-alert.ts';
import { customerSays, openShop, postWebhook, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

// Drafts pending at once are alerted together after this long (decision 046, "Draft alerts"); short here.
// ENGINE_LEASE_SECONDS: the recovery sweep that queues an overdue draft's timeout again runs every third of
// the lease (every 10 s at the default 30 s, every 2 s here): the timeout test waits for it twice.
const e = useEngineApp({ APPROVAL_ALERT_GROUP_SECONDS: '1', ENGINE_LEASE_SECONDS: '6' });
const db = () => e.t.database.db;

/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const CUSTOMER = { phone: '5511977770000', name: 'Carla Dias' };

const toCustomer = async (shop: Shop, phone = CUSTOMER.phone) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone)).map((m) => m.text);
const toOwner = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER)).map((m) => m.text);
const convOf = async (shop: Shop, phone = CUSTOMER.phone) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === phone,
  )!;
const draftsOf = (convId: string) =>
  db().select().from(replyDrafts).where(eq(replyDrafts.convId, convId)).orderBy(replyDrafts.createdAt);

async function approvalShop(): Promise<Shop> {
  const shop = await openShop(e);
  await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
  return shop;
}

/** The customer writes; waits for the draft (nothing sent) and its alert on the owner's phone. */
async function draftFor(shop: Shop, text: string, customer = CUSTOMER) {
  const alerts = (await toOwner(shop)).length;
  await customerSays(e, shop, text, customer);
  await waitFor(async () => (await toOwner(shop)).length > alerts, 'the approval alert on the owner phone');
  const conv = await convOf(shop, customer.phone);
  const [draft] = (await draftsOf(conv.id)).filter((d) => d.state === 'pending');
  return { conv, draft: draft! };
}

/** The owner answers on their own WhatsApp (a real messages.upsert from their number). */
const ownerSays = (shop: Shop, text: string) => customerSays(e, shop, text, { phone: OWNER, name: 'Dona' });

describe('approval mode: drafts in the inbox', () => {
  it("the agent's settings: on/off, the time (5–240 min) and what happens then", async () => {
    const shop = await openShop(e);
    const patch = (payload: object) =>
      shop.client.request({ method: 'PATCH', url: `/api/agents/${shop.agentId}`, payload });
    const bad = await patch({ approval_timeout_minutes: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escolha um prazo entre 5 e 240 minutos.');
    const ok = await patch({ approval_mode: true, approval_timeout_minutes: 45, approval_timeout_action: 'send' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      approval_mode: true,
      approval_timeout_minutes: 45,
      approval_timeout_action: 'send',
    });
  });

  it('the answer waits as a draft (nothing sent, counted once as written); the alert quotes both; Enviar sends it once', async () => {
    const shop = await approvalShop();
    const { conv, draft } = await draftFor(shop, 'Vocês têm a blusa azul?');
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toEqual([]);
    expect(draft.state).toBe('pending');
    expect(draft.customerText).toBe('Vocês têm a blusa azul?');
    const alert = (await toOwner(shop)).at(-1)!;
    expect(alert).toContain('Vocês têm a blusa azul?');
    expect(alert).toContain('Resposta da IA');
    expect(alert).toContain(APPROVAL_PROMPT);
    // Counted when written (docs/decisions/046-one-door-out.md, "Drafts and the limits"), not again when sent.
    const usage = await db().select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage[0]?.aiMessages ?? 0).toBe(1);

    const seen = await shop.client.get(`/api/conversations/${conv.id}/approval`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ mode: null, agent_mode: true, effective: true, draft: { id: draft.id } });

    const sent = await shop.client.post(`/api/conversations/${conv.id}/drafts/${draft.id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'sent', decided_by: 'inbox', edited: false });
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the approved answer reaches the customer');
    expect((await toCustomer(shop))[0]).toMatch(/^Resposta da IA/);
    const again = await shop.client.post(`/api/conversations/${conv.id}/drafts/${draft.id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta sugestão já foi enviada.');
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toHaveLength(1);
    const [ai] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.convId, conv.id), eq(messages.author, 'ai')));
    expect(ai!.status).toBe('sent');
    const after = await db().select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(after[0]!.aiMessages).toBe(1);
  });

  it('Editar: the edited text is what the customer receives; Descartar sends nothing and is final', async () => {
    const shop = await approvalShop();
    const first = await draftFor(shop, 'Qual o preço?');
    const edited = await shop.client.post(`/api/conversations/${first.conv.id}/drafts/${first.draft.id}/send`, {
      text: 'Custa R$ 89,90, Carla!',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ edited: true, parts: ['Custa R$ 89,90, Carla!'] });
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'edited answer');
    expect(await toCustomer(shop)).toEqual(['Custa R$ 89,90, Carla!']);

    const second = await draftFor(shop, 'E o frete?');
    const pending = async (client = shop.client) =>
      (await client.get('/api/conversations/pending-drafts')).json() as { convIds: string[] };
    expect(await pending()).toEqual({ convIds: [second.conv.id] });
    const dropped = await shop.client.post(`/api/conversations/${second.conv.id}/drafts/${second.draft.id}/discard`);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().state).toBe('discarded');
    const late = await shop.client.post(`/api/conversations/${second.conv.id}/drafts/${second.draft.id}/send`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Esta sugestão já foi descartada.');
    expect(await pending()).toEqual({ convIds: [] });
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toEqual(['Custa R$ 89,90, Carla!']);
    const empty = await shop.client.post(`/api/conversations/${second.conv.id}/drafts/${second.draft.id}/send`, {
      text: '   ',
    });
    expect(empty.statusCode).toBe(400);
  });

  it("the conversation's own setting overrides the agent's; a new customer message replaces the pending draft", async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'answered without approval');
    const conv = await convOf(shop);
    const on = await shop.client.request({
      method: 'PUT',
      url: `/api/conversations/${conv.id}/approval`,
      payload: { mode: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ mode: true, agent_mode: false, effective: true, draft: null });
    const { draft } = await draftFor(shop, 'Quero a blusa azul');
    expect(draft.state).toBe('pending');

    await customerSays(e, shop, 'tamanho M, por favor');
    await waitFor(async () => (await draftsOf(conv.id)).length === 2, 'the replacing draft');
    const [old, fresh] = await draftsOf(conv.id);
    expect(old!.state).toBe('superseded');
    expect(fresh!.state).toBe('pending');
    expect(fresh!.customerText).toBe('Quero a blusa azul / tamanho M, por favor');
    const stale = await shop.client.post(`/api/conversations/${conv.id}/drafts/${old!.id}/send`, {});
    expect(stale.statusCode).toBe(409);
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toHaveLength(1);
  });

  it("another account's conversation and draft are a 404", async () => {
    const shop = await approvalShop();
    const { conv, draft } = await draftFor(shop, 'Oi, tudo bem?');
    const other = await openShop(e);
    expect((await other.client.get(`/api/conversations/${conv.id}/approval`)).statusCode).toBe(404);
    expect((await other.client.get('/api/conversations/pending-drafts')).json()).toEqual({ convIds: [] });
    expect(
      (
        await other.client.request({
          method: 'PUT',
          url: `/api/conversations/${conv.id}/approval`,
          payload: { mode: false },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.client.post(`/api/conversations/${conv.id}/drafts/${draft.id}/send`, {})).statusCode).toBe(404);
    expect((await other.client.post(`/api/conversations/${conv.id}/drafts/${draft.id}/discard`)).statusCode).toBe(404);
    expect((await draftsOf(conv.id))[0]!.state).toBe('pending');
  });
});

describe("approval mode: the owner's '1' / '2' on WhatsApp", () => {
  it('the confirmation names the customer inertly: a link in their WhatsApp name is no link (decision 021)', async () => {
    const shop = await approvalShop();
    const customer = { phone: '5511977773333', name: 'Bia https://golpe.example/pix' };
    await draftFor(shop, 'Tem entrega hoje?', customer);
    await ownerSays(shop, '1');
    await waitFor(async () => (await toOwner(shop)).length === 2, 'the confirmation');
    const confirmation = (await toOwner(shop))[1]!;
    expect(confirmation).toBe('✅ Resposta enviada para Bia golpe[.]example.');
    expect(confirmation).not.toContain('https://');
  });

  it("'1' sends once and confirms; a second '1' and a '2' right after act on nothing", async () => {
    const shop = await approvalShop();
    const { conv, draft } = await draftFor(shop, 'Tem entrega hoje?');
    await ownerSays(shop, '1');
    await ownerSays(shop, '1');
    await ownerSays(shop, '2');
    await waitFor(async () => (await toOwner(shop)).length === 4, 'three confirmations');
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop)).toHaveLength(1);
    const replies = (await toOwner(shop)).slice(1);
    expect(replies[0]).toBe('✅ Resposta enviada para Carla Dias.');
    expect(replies.slice(1)).toEqual(['Esta sugestão já foi enviada.', 'Esta sugestão já foi enviada.']);
    const [row] = await draftsOf(conv.id);
    expect(row).toMatchObject({ id: draft.id, state: 'sent', decidedBy: 'whatsapp' });
    // The owner's chat is never answered by the AI.
    const ownerConv = await convOf(shop, OWNER);
    const ai = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.convId, ownerConv.id), eq(messages.author, 'ai')));
    expect(ai).toHaveLength(0);
  });

  it("'2' delivered twice by the gateway discards once and confirms once", async () => {
    const shop = await approvalShop();
    const { conv } = await draftFor(shop, 'Aceita cartão?');
    const data = {
      key: { remoteJid: `${OWNER}@s.whatsapp.net`, fromMe: false, id: `OWNER2${Date.now()}` },
      pushName: 'Dona',
      message: { conversation: '2' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    await postWebhook(e, shop, 'messages.upsert', data);
    await postWebhook(e, shop, 'messages.upsert', data);
    await waitFor(async () => (await draftsOf(conv.id))[0]!.state === 'discarded', 'discarded');
    await waitFor(async () => (await toOwner(shop)).length === 2, 'the confirmation');
    await waitEngineIdle(e, shop);
    expect(await toOwner(shop)).toHaveLength(2);
    expect((await toOwner(shop))[1]).toBe('🗑️ Sugestão para Carla Dias descartada.');
    expect(await toCustomer(shop)).toEqual([]);
  });

  it("several drafts pending: a reply quoting an alert acts on its draft; an unquoted '1' on the newest", async () => {
    const shop = await approvalShop();
    const ana = { phone: '5511977771111', name: 'Ana' };
    const bia = { phone: '5511977772222', name: 'Bia' };
    const first = await draftFor(shop, 'Oi, sou a Ana', ana);
    const second = await draftFor(shop, 'Oi, sou a Bia', bia);
    let alert: { externalId: string | null } | undefined;
    await waitFor(async () => {
      [alert] = await db().select().from(ownerAlerts).where(eq(ownerAlerts.id, first.draft.alertId!));
      return Boolean(alert?.externalId);
    }, "the first alert's WhatsApp id");
    await postWebhook(e, shop, 'messages.upsert', {
      key: { remoteJid: `${OWNER}@s.whatsapp.net`, fromMe: false, id: `QUOTE${Date.now()}` },
      pushName: 'Dona',
      message: { extendedTextMessage: { text: '1', contextInfo: { stanzaId: alert!.externalId } } },
      messageType: 'extendedTextMessage',
      messageTimestamp: Math.floor(Date.now() / 1000),
    });
    await waitFor(async () => (await toCustomer(shop, ana.phone)).length === 1, "Ana's answer");
    expect((await draftsOf(second.conv.id))[0]!.state).toBe('pending');
    await ownerSays(shop, '1');
    await waitFor(async () => (await toCustomer(shop, bia.phone)).length === 1, "Bia's answer");
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop, ana.phone)).toHaveLength(1);
  });

  it("a customer's '1' is just a message (answered as a draft, no draft acted on)", async () => {
    const shop = await approvalShop();
    const { conv } = await draftFor(shop, 'Quais as opções?');
    await draftFor(shop, '1');
    const drafts = await draftsOf(conv.id);
    expect(drafts.map((d) => d.state)).toEqual(['superseded', 'pending']);
    expect(await toCustomer(shop)).toEqual([]);
  });
});

describe('approval mode: the timeout', () => {
  it("sends or drops a draft nobody handled, as the agent's setting says (the job, queued again by the sweep when overdue)", async () => {
    const shop = await approvalShop();
    await db()
      .update(agentes)
      .set({ approvalTimeoutAction: 'send', approvalTimeoutMinutes: 5 })
      .where(eq(agentes.id, shop.agentId));
    const sendOne = await draftFor(shop, 'Vocês abrem amanhã?');
    expect(sendOne.draft.timeoutAction).toBe('send');
    expect(sendOne.draft.dueAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    // Its time passed long ago (instead of waiting 5 minutes): the recovery sweep queues the job again.
    await db().execute(
      sql`update reply_drafts set due_at = now() - interval '1 minute' where id = ${sendOne.draft.id}`,
    );
    await waitFor(async () => (await draftsOf(sendOne.conv.id))[0]!.state === 'sent', 'sent by the timeout', 30_000);
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the customer got it');
    expect((await draftsOf(sendOne.conv.id))[0]!.decidedBy).toBe('timeout');

    await db().update(agentes).set({ approvalTimeoutAction: 'discard' }).where(eq(agentes.id, shop.agentId));
    const bea = { phone: '5511977773333', name: 'Bea' };
    const dropOne = await draftFor(shop, 'Oi!', bea);
    await db().execute(
      sql`update reply_drafts set due_at = now() - interval '1 minute' where id = ${dropOne.draft.id}`,
    );
    await waitFor(async () => (await draftsOf(dropOne.conv.id))[0]!.state === 'discarded', 'dropped', 30_000);
    await waitEngineIdle(e, shop);
    expect(await toCustomer(shop, bea.phone)).toEqual([]);
  });
});
