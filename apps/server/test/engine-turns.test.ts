/**
 * docs/decisions/005-conversation-engine.md: reactions, deletions and edits are not customer turns (no reply, no unread,
 * no bubble of their own) and change the message they refer to; same-second messages keep their
 * arrival order for the inbox and for the AI.
 */
import type { MessageDto } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema/index.ts';
import { openShop, postWebhook, type Shop, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { cloudInbound, postMetaWebhook, SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { connectWs } from './helpers/ws-client.ts';
import { CUSTOMER_JID, fixtures, raw } from './fixtures/engine-webhooks.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;
const rowsOf = async (shop: Shop) => {
  const conv = await convOf(shop);
  return conv ? db().select().from(messages).where(eq(messages.convId, conv.id)) : [];
};
const pageOf = async (shop: Shop) => {
  const res = await shop.client.get(`/api/conversations/${(await convOf(shop)).id}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json().items as MessageDto[];
};

/** The 2.3.7 shapes, as messages.upsert. */
const reaction = (targetId: string, emoji: string, fromMe = false) =>
  raw(
    {
      reactionMessage: {
        key: { remoteJid: CUSTOMER_JID, fromMe: !fromMe, id: targetId },
        text: emoji,
        senderTimestampMs: Date.now(),
      },
    },
    'reactionMessage',
    { key: { fromMe } },
  );
const revoke = (targetId: string) =>
  raw(
    { protocolMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: targetId }, type: 'REVOKE' } },
    'protocolMessage',
  );
const edit = (targetId: string, text: string) =>
  raw(
    {
      editedMessage: {
        message: {
          protocolMessage: {
            key: { remoteJid: CUSTOMER_JID, fromMe: false, id: targetId },
            type: 'MESSAGE_EDIT',
            editedMessage: { conversation: text },
          },
        },
      },
    },
    'editedMessage',
  );
/** Older gateways: the edit as a bare protocolMessage with the numeric type (14). */
const oldEdit = (targetId: string, text: string) =>
  raw(
    {
      protocolMessage: {
        key: { remoteJid: CUSTOMER_JID, fromMe: false, id: targetId },
        type: 14,
        editedMessage: { extendedTextMessage: { text } },
      },
    },
    'protocolMessage',
  );

// QR only: Evolution's shapes of edits and deletions (Meta delivers none; a Cloud reaction is in
// engine-message-author.test.ts).
describe('reactions, deletions and edits', () => {
  it('are never answered nor counted as unread, and change the original (inbox and realtime)', async () => {
    const shop = await openShop(e);
    const a = fixtures.text('Oi');
    const b = fixtures.text('quero 2 bolos');
    await postWebhook(e, shop, 'messages.upsert', a);
    await postWebhook(e, shop, 'messages.upsert', b);
    await waitFor(async () => (await rowsOf(shop)).some((m) => m.author === 'ai' && m.externalId), 'the reply, sent');
    const reply = (await rowsOf(shop)).find((m) => m.author === 'ai')!;
    const llmCalls = e.llm.calls.length;
    const unread = (await convOf(shop)).unreadCount;
    expect(unread).toBe(2);

    const ws = await connectWs(`${e.baseUrl.replace('http', 'ws')}/api/realtime`, {
      cookie: shop.client.cookieHeader(),
      origin: 'http://localhost:3000',
    });
    try {
      const since = ws.messages.length;
      await postWebhook(e, shop, 'messages.upsert', reaction(reply.externalId!, '👍'));
      await postWebhook(e, shop, 'messages.upsert', edit(b.key.id, 'quero 3 bolos'));
      await postWebhook(e, shop, 'messages.upsert', oldEdit(b.key.id, 'quero 4 bolos'));
      await postWebhook(e, shop, 'messages.upsert', revoke(a.key.id));
      // The owner reacts from the phone to the customer's message.
      await postWebhook(e, shop, 'messages.upsert', reaction(b.key.id, '❤️', true));
      await waitFor(
        async () => (await rowsOf(shop)).find((m) => m.externalId === a.key.id)?.deletedAt != null,
        'deletion applied',
      );
      await ws.waitFor(
        (m) =>
          m.event === 'message.updated' &&
          (m.data as MessageDto).id === reply.id &&
          (m.data as MessageDto).reactions?.[0]?.emoji === '👍',
        { since },
      );
      await ws.waitFor((m) => m.event === 'message.updated' && (m.data as MessageDto).deletedAt != null, { since });
    } finally {
      await ws.close();
    }
    await waitEngineIdle(e, shop);

    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    expect(e.llm.calls.length).toBe(llmCalls);
    const conv = await convOf(shop);
    expect(conv.unreadCount).toBe(unread);
    const rows = await rowsOf(shop);
    expect(rows).toHaveLength(3); // no bubble for any of the five changes
    expect(rows.some((m) => m.messageType === 'unsupported')).toBe(false);

    const page = await pageOf(shop);
    const byId = new Map(page.map((m) => [m.id, m]));
    const rowA = rows.find((m) => m.externalId === a.key.id)!;
    const rowB = rows.find((m) => m.externalId === b.key.id)!;
    expect(byId.get(rowA.id)).toMatchObject({ content: null, deletedAt: expect.any(String) });
    expect(byId.get(rowB.id)).toMatchObject({
      content: 'quero 4 bolos',
      editedAt: expect.any(String),
      reactions: [{ emoji: '❤️', fromMe: true }],
    });
    expect(byId.get(reply.id)).toMatchObject({
      reactions: [{ emoji: '👍', fromMe: false }],
      deletedAt: null,
      editedAt: null,
    });

    // A removed reaction (empty text) goes away; a replay changes nothing.
    await postWebhook(e, shop, 'messages.upsert', reaction(reply.externalId!, ''));
    await waitFor(
      async () => (await rowsOf(shop)).find((m) => m.id === reply.id)?.contactReaction === null,
      'reaction removed',
    );
    expect((await pageOf(shop)).find((m) => m.id === reply.id)!.reactions).toEqual([]);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
  });

  it('marks the conversation preview when its latest message is deleted or edited', async () => {
    const shop = await openShop(e, { linkAgent: false });
    const a = fixtures.text('mensagem errada');
    await postWebhook(e, shop, 'messages.upsert', a);
    await waitFor(async () => (await rowsOf(shop)).length === 1, 'stored');
    await postWebhook(e, shop, 'messages.upsert', edit(a.key.id, 'mensagem certa'));
    await waitFor(async () => (await convOf(shop)).lastMessagePreview === 'mensagem certa', 'preview follows the edit');
    await postWebhook(e, shop, 'messages.upsert', revoke(a.key.id));
    await waitFor(
      async () => (await convOf(shop)).lastMessagePreview === 'Mensagem apagada',
      'preview follows the deletion',
    );
    expect((await convOf(shop)).unreadCount).toBe(1);
  });
});

/** A customer's text stamped with WhatsApp's `second` (both gateways give seconds), delivered now. */
async function textAt(shop: Shop, text: string, second: number) {
  if (shop.kind === 'evolution')
    return postWebhook(e, shop, 'messages.upsert', fixtures.text(text, { timestamp: second }));
  const value = cloudInbound({ phone: CUSTOMER_JID.split('@')[0]!, name: 'Carla Dias' }, 'text', { body: text });
  value.messages[0]!.timestamp = String(second);
  return postMetaWebhook(e, shop, value);
}

describe.each(SHOP_KINDS)('order of same-second messages (%s number)', (kind) => {
  it('keeps arrival order for the inbox and the AI when five messages share a WhatsApp second and arrive 8 s late', async () => {
    const shop = await openShop(e, { kind, timing: 3 }); // the five arrive well within the quiet time, even on a busy machine
    const second = Math.floor(Date.now() / 1000) - 8;
    const texts = ['1 bom dia', '2 queria saber', '3 o preço', '4 do bolo', '5 de cenoura'];
    const before = e.llm.calls.length;
    for (const text of texts) await textAt(shop, text, second);
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    const inbox = (await pageOf(shop)).filter((m) => m.direction === 'in').map((m) => m.content);
    expect(inbox).toEqual(texts);
    const call = e.llm.calls[before]!;
    expect(call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(texts);
  });
});
