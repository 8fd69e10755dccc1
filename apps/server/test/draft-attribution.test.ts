/**
 * Who edited and who sent an approved draft (docs/decisions/066-business-facts-in-one-place.md, on top
 * of docs/decisions/045-approval-mode.md): an attendant's edited draft is stored and shown with the
 * attendant as editor and sender (no longer as the AI's own text), the owner's unedited 'Enviar' with the
 * owner as sender, a '1' on the owner's WhatsApp with the owner; the message DTO (page and realtime
 * record) and the draft DTO carry both ids. Another account's draft is a 404; an empty text a
 * Portuguese 400. PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, messages, replyBursts, replyDrafts } from '../src/db/schema/index.ts';
import { attendantOf } from './helpers/attendant.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { abandonedBurst, partInFlight, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import type { TestClient } from './helpers/test-app.ts';

const e = useEngineApp({ APPROVAL_ALERT_GROUP_SECONDS: '1' });
const db = () => e.t.database.db;
const OWNER = '5511987654321';

async function approvalShop(): Promise<Shop> {
  const shop = await openShop(e);
  await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
  return shop;
}

const toCustomer = async (shop: Shop, phone: string) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(phone)).map((m) => m.text);

/** The customer writes; waits for the pending draft. */
async function draftFor(shop: Shop, phone: string, text: string) {
  await customerSays(e, shop, text, { phone, name: 'Carla Dias' });
  let draft: typeof replyDrafts.$inferSelect | undefined;
  await waitFor(async () => {
    const [conv] = (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).filter(
      (c) => c.contactPhone === phone,
    );
    if (!conv) return false;
    [draft] = await db()
      .select()
      .from(replyDrafts)
      .where(and(eq(replyDrafts.convId, conv.id), eq(replyDrafts.state, 'pending')));
    return Boolean(draft);
  }, 'the pending draft');
  await waitEngineIdle(e, shop);
  return draft!;
}

const meId = async (client: TestClient) => (await client.get('/api/account/me')).json().user.id as string;

async function aiMessagesOf(client: TestClient, convId: string) {
  const page = (await client.get(`/api/conversations/${convId}/messages`)).json();
  return (page.items as { author: string; content: string; sentByUserId?: string; editedByUserId?: string }[]).filter(
    (m) => m.author === 'ai',
  );
}

describe('approval mode: who edited and who sent a draft', () => {
  it('stores and shows the editor and the sender; the owner’s WhatsApp 1 is the owner’s', async () => {
    const shop = await approvalShop();
    const attendant = await attendantOf(e, shop);
    const [ownerId, attendantId] = [await meId(shop.client), await meId(attendant)];
    expect(attendantId).not.toBe(ownerId);

    // An attendant edits and sends.
    const first = await draftFor(shop, '5511977770001', 'Qual o preço da blusa?');
    const edited = await attendant.post(`/api/conversations/${first.convId}/drafts/${first.id}/send`, {
      text: 'Custa R$ 89,90, Carla!',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ edited: true, edited_by: attendantId, sent_by: attendantId });
    await waitFor(async () => (await toCustomer(shop, '5511977770001')).length === 1, 'the edited answer');
    expect(await aiMessagesOf(shop.client, first.convId)).toEqual([
      expect.objectContaining({
        content: 'Custa R$ 89,90, Carla!',
        editedByUserId: attendantId,
        sentByUserId: attendantId,
      }),
    ]);

    // The owner sends one as the AI wrote it: sent by the owner, edited by nobody.
    const second = await draftFor(shop, '5511977770002', 'Vocês têm a blusa azul?');
    const sent = await shop.client.post(`/api/conversations/${second.convId}/drafts/${second.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ edited: false, edited_by: null, sent_by: ownerId });
    await waitFor(async () => (await toCustomer(shop, '5511977770002')).length === 1, 'the approved answer');
    const [plain] = await aiMessagesOf(attendant, second.convId);
    expect(plain).toMatchObject({ sentByUserId: ownerId, editedByUserId: null });
    const [row] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, (plain as unknown as { id: string }).id));
    expect(row).toMatchObject({ author: 'ai', sentByUserId: ownerId, editedByUserId: null });

    // The owner's '1' on their own WhatsApp: the owner sent it.
    const third = await draftFor(shop, '5511977770003', 'E o frete?');
    await customerSays(e, shop, '1', { phone: OWNER, name: 'Dona' });
    await waitFor(async () => (await toCustomer(shop, '5511977770003')).length === 1, 'the draft sent by the 1');
    const [byPhone] = await db().select().from(replyDrafts).where(eq(replyDrafts.id, third.id));
    expect(byPhone).toMatchObject({
      state: 'sent',
      decidedBy: 'whatsapp',
      sentByUserId: shop.userId,
      editedByUserId: null,
    });
  });

  it('a draft whose sender died mid-send: the parts the recovery sends still name the editor and the sender', async () => {
    const shop = await approvalShop();
    const attendant = await attendantOf(e, shop);
    const attendantId = await meId(attendant);
    const draft = await draftFor(shop, '5511977770009', 'Tem a blusa azul?');
    // The attendant's edited draft was being sent in two parts when its process died: the first in flight.
    const inFlight = await partInFlight(e, shop, draft.convId, 'Temos sim, Carla!');
    await db()
      .update(messages)
      .set({ editedByUserId: attendantId, sentByUserId: attendantId })
      .where(eq(messages.id, inFlight.id));
    const burst = await abandonedBurst(e, shop, draft.convId, {
      messageId: inFlight.id,
      parts: ['Temos sim, Carla!', 'Custa R$ 89,90.'],
    });
    await db().update(replyBursts).set({ reason: 'approved' }).where(eq(replyBursts.id, burst.id));
    await db()
      .update(replyDrafts)
      .set({ state: 'sent', burstId: burst.id, edited: true, editedByUserId: attendantId, sentByUserId: attendantId })
      .where(eq(replyDrafts.id, draft.id));
    await waitFor(
      async () => (await toCustomer(shop, '5511977770009')).includes('Custa R$ 89,90.'),
      'the second part sent by the recovery',
      20_000,
    );
    const second = (await aiMessagesOf(shop.client, draft.convId)).find((m) => m.content === 'Custa R$ 89,90.');
    expect(second).toMatchObject({ editedByUserId: attendantId, sentByUserId: attendantId });
  });

  it('another account’s draft is a 404; an empty text is a Portuguese 400', async () => {
    const shop = await approvalShop();
    const draft = await draftFor(shop, '5511977770009', 'Tem promoção?');
    const other = await openShop(e);
    const theirs = await other.client.post(`/api/conversations/${draft.convId}/drafts/${draft.id}/send`, {
      text: 'Oi',
    });
    expect(theirs.statusCode).toBe(404);
    const empty = await shop.client.post(`/api/conversations/${draft.convId}/drafts/${draft.id}/send`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Escreva a resposta.');
    const [still] = await db().select().from(replyDrafts).where(eq(replyDrafts.id, draft.id));
    expect(still).toMatchObject({ state: 'pending', editedByUserId: null, sentByUserId: null });
  });
});
