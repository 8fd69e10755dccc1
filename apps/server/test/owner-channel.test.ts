/**
 * The owner's channel is not a customer (docs/decisions/048-opt-out-and-owner-channel.md), end to end
 * through the simulator on PGlite and PostgreSQL: the owner's '1' approves whatever form of their phone
 * WhatsApp uses (the ninth digit dropped); a '1' quoting an alert acts on that alert's draft; an unquoted
 * '1' with two drafts waiting asks which; the owner's chat never appears in the inbox, its count, search,
 * the funnel, Resultados or an attendant's inbox, and is never answered by the AI.
 */
import type { RealtimeEvent } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, ownerAlerts, replyDrafts } from '../src/db/schema/index.ts';
import { WHICH_DRAFT } from '../src/modules/conversation-engine/approval/owner-replies.ts';
import { customerSays, openShop, postWebhook, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { attendantOf } from './helpers/attendant.ts';

// Drafts pending at once are alerted together after this long (decision 046, "Draft alerts"); short here.
const e = useEngineApp({ APPROVAL_ALERT_GROUP_SECONDS: '1' });
const db = () => e.t.database.db;

/** The owner's personal number of newPerson() (+55 11 98765-4321), and as WhatsApp may name it: no ninth digit. */
const OWNER = '5511987654321';
const OWNER_NO_NINTH = '551187654321';
const ANA = { phone: '5511977771111', name: 'Ana' };
const BIA = { phone: '5511977772222', name: 'Bia' };

const toPhone = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(`${phone}@`)).map((m) => m.text);
const convOf = async (shop: Shop, phone: string) =>
  (
    await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.numberId, shop.number.id), eq(conversations.contactPhone, phone)))
  )[0];
const draftsOf = async (convId: string) =>
  db().select().from(replyDrafts).where(eq(replyDrafts.convId, convId)).orderBy(replyDrafts.createdAt);

async function approvalShop(): Promise<Shop> {
  const shop = await openShop(e);
  await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
  return shop;
}

/** The customer writes; waits for the draft and its alert on the owner's phone. */
async function draftFor(shop: Shop, text: string, customer: { phone: string; name: string }) {
  const alerts = (await toPhone(shop, OWNER)).length;
  await customerSays(e, shop, text, customer);
  await waitFor(async () => (await toPhone(shop, OWNER)).length > alerts, 'the approval alert on the owner phone');
  const conv = (await convOf(shop, customer.phone))!;
  const [draft] = (await draftsOf(conv.id)).filter((d) => d.state === 'pending');
  return { conv, draft: draft! };
}

/** The owner answers from their phone, named as `phone`, optionally quoting a WhatsApp message. */
async function ownerAnswers(shop: Shop, text: string, opts: { phone?: string; quoting?: string } = {}) {
  const phone = opts.phone ?? OWNER;
  await postWebhook(e, shop, 'messages.upsert', {
    key: {
      remoteJid: `${phone}@s.whatsapp.net`,
      fromMe: false,
      id: `OWN${Date.now()}${Math.random()}`.replace('.', ''),
    },
    pushName: 'Dona',
    message: opts.quoting
      ? { extendedTextMessage: { text, contextInfo: { stanzaId: opts.quoting } } }
      : { conversation: text },
    messageType: opts.quoting ? 'extendedTextMessage' : 'conversation',
    messageTimestamp: Math.floor(Date.now() / 1000),
  });
}

async function alertIdOf(draftAlertId: string): Promise<string> {
  let id: string | null = null;
  await waitFor(async () => {
    const [alert] = await db().select().from(ownerAlerts).where(eq(ownerAlerts.id, draftAlertId));
    id = alert?.externalId ?? null;
    return id !== null;
  }, "the alert's WhatsApp id");
  return id!;
}

describe("the owner's '1' / '2'", () => {
  it("approves when WhatsApp names the owner's phone without the ninth digit, and the AI never answers it", async () => {
    const shop = await approvalShop();
    const { conv, draft } = await draftFor(shop, 'Tem entrega hoje?', ANA);
    await ownerAnswers(shop, '1', { phone: OWNER_NO_NINTH });
    await waitFor(async () => (await toPhone(shop, ANA.phone)).length === 1, "Ana's answer");
    await waitFor(async () => (await toPhone(shop, OWNER_NO_NINTH)).length === 1, 'the confirmation');
    await waitEngineIdle(e, shop);
    expect((await draftsOf(conv.id))[0]).toMatchObject({ id: draft.id, state: 'sent', decidedBy: 'whatsapp' });
    expect(await toPhone(shop, OWNER_NO_NINTH)).toEqual(['✅ Resposta enviada para Ana.']);
    // The owner's chat got no draft of its own.
    const ownerConv = (await convOf(shop, OWNER_NO_NINTH))!;
    expect(await draftsOf(ownerConv.id)).toEqual([]);
  });

  it("a '1' quoting alert X approves X's draft, not the newest", async () => {
    const shop = await approvalShop();
    const ana = await draftFor(shop, 'Oi, sou a Ana', ANA);
    const bia = await draftFor(shop, 'Oi, sou a Bia', BIA);
    await ownerAnswers(shop, '1', { quoting: await alertIdOf(ana.draft.alertId!) });
    await waitFor(async () => (await toPhone(shop, ANA.phone)).length === 1, "Ana's answer");
    await waitEngineIdle(e, shop);
    expect((await draftsOf(ana.conv.id))[0]!.state).toBe('sent');
    expect((await draftsOf(bia.conv.id))[0]!.state).toBe('pending');
    expect(await toPhone(shop, BIA.phone)).toEqual([]);
  });

  it("an unquoted '1' with two drafts waiting asks which, and acts on none", async () => {
    const shop = await approvalShop();
    const ana = await draftFor(shop, 'Quero um bolo', ANA);
    const bia = await draftFor(shop, 'Quero uma torta', BIA);
    const before = (await toPhone(shop, OWNER)).length;
    await ownerAnswers(shop, '1');
    await waitFor(async () => (await toPhone(shop, OWNER)).length === before + 1, 'the question');
    await waitEngineIdle(e, shop);
    expect((await toPhone(shop, OWNER)).at(-1)).toBe(WHICH_DRAFT);
    expect((await draftsOf(ana.conv.id))[0]!.state).toBe('pending');
    expect((await draftsOf(bia.conv.id))[0]!.state).toBe('pending');
    expect([...(await toPhone(shop, ANA.phone)), ...(await toPhone(shop, BIA.phone))]).toEqual([]);
  });
});

describe("the owner's chat is not a customer", () => {
  it('never appears in the inbox, its count, search, the funnel, Resultados or an attendant’s inbox', async () => {
    const shop = await approvalShop();
    // What an open inbox hears, live: the owner's and the attendant's sockets get the account's events.
    const heard: RealtimeEvent[] = [];
    const unsubscribe = e.t.app.deps.realtime.subscribe(shop.userId, (event) => heard.push(event));
    const ana = await draftFor(shop, 'Oi, tem bolo de cenoura?', ANA);
    await ownerAnswers(shop, 'Obrigada pelo aviso, já respondo', { phone: OWNER_NO_NINTH });
    await waitFor(async () => Boolean(await convOf(shop, OWNER_NO_NINTH)), "the owner's chat stored");
    await waitEngineIdle(e, shop);
    const ownerConv = (await convOf(shop, OWNER_NO_NINTH))!;
    // Nothing of the owner's chat is published as a conversation or a message (the alert's echo, the
    // owner's answer, their statuses); 'Avisos' is told to read again instead.
    await waitFor(async () => heard.some((ev) => ev.event === 'owner-channel.updated'), "'Avisos' told to read again");
    unsubscribe();
    const aboutOwnerChat = heard.filter(
      (ev) =>
        ((ev.event === 'conversation.created' || ev.event === 'conversation.updated') && ev.data.id === ownerConv.id) ||
        ((ev.event === 'message.created' || ev.event === 'message.updated') && ev.data.convId === ownerConv.id),
    );
    expect(aboutOwnerChat).toEqual([]);
    expect(heard.some((ev) => ev.event === 'conversation.created' && ev.data.id === ana.conv.id)).toBe(true);
    const attendant = await attendantOf(e, shop);

    for (const client of [shop.client, attendant]) {
      const list = await client.get('/api/conversations');
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([ana.conv.id]);
      expect((await client.get(`/api/conversations/${ownerConv.id}`)).statusCode).toBe(404);
      const found = (await client.get('/api/inbox-search?q=aviso')).json();
      expect(found.messages.filter((m: { convId: string }) => m.convId === ownerConv.id)).toEqual([]);
      const byPhone = (await client.get('/api/inbox-search?q=87654321')).json();
      expect(byPhone.conversations).toEqual([]);
    }
    expect((await shop.client.get('/api/conversations/count')).json()).toMatchObject({ total: 1 });
    const stages = (await shop.client.get('/api/funnel/stages')).json().items as { count: number }[];
    expect(stages.reduce((n, s) => n + s.count, 0)).toBe(1);
    const results = (await shop.client.get('/api/results?period=today')).json();
    expect(results.current).toMatchObject({ conversationsStarted: 1, customers: 1 });

    // It lives in 'Avisos': the alert about Ana and the owner's answer, newest first; the owner's alone.
    const avisos = await shop.client.get('/api/owner-channel');
    expect(avisos.statusCode, avisos.body).toBe(200);
    const items = avisos.json().items as { from: string; text: string; convId: string | null }[];
    expect(items[0]).toMatchObject({ from: 'reply', text: 'Obrigada pelo aviso, já respondo', convId: null });
    expect(items.some((i) => i.from === 'alert' && i.convId === ana.conv.id)).toBe(true);
    expect((await attendant.get('/api/owner-channel')).statusCode).toBe(403);
  });
});
