/**
 * A customer known only by Meta's business-scoped user id (docs/decisions/062-bsuid-contacts.md): a user with a
 * username may write without the phone (`wa_id` and `from` omitted; `contacts[].user_id`, `messages[].from_user_id`:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/, the fixture
 * fixtures/meta-cloud/inbound-webhooks.json `userIdOnly`). The message is stored and answered, the answer
 * addressed to the BSUID (`recipient`) on the Graph stand-in; the inbox shows the conversation without a phone;
 * the same user later writing with the phone stays in the same conversation. The stand-in takes a BSUID in
 * `recipient` only, as Meta does, and refuses a malformed one.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema/index.ts';
import { type EngineApp, openShop, type Shop, startEngineApp, waitFor } from './helpers/engine-harness.ts';
import { cloudSentToCustomers, postMetaWebhook } from './helpers/cloud-shop.ts';
import { metaFixture } from './helpers/meta-fixtures.ts';

type Json = Record<string, unknown>;
let e: EngineApp;
let shop: Shop;

beforeAll(async () => {
  e = await startEngineApp();
  shop = await openShop(e, { kind: 'cloud' });
});
afterAll(async () => {
  await e?.close();
});

let seq = 0;
/** The fixture's `value` (Meta's documented payload) with a fresh message id, time and BSUID; phone optional. */
function userIdOnlyValue(bsuid: string, text: string, phone?: string): Json {
  const webhook = structuredClone(metaFixture('inbound-webhooks').userIdOnly) as {
    entry: { changes: { value: Json }[] }[];
  };
  const { metadata: _metadata, ...value } = webhook.entry[0]!.changes[0]!.value;
  const contact = (value.contacts as Json[])[0]!;
  const message = (value.messages as Json[])[0]!;
  contact.user_id = bsuid;
  Object.assign(message, {
    from_user_id: bsuid,
    id: `wamid.bsuid-${Date.now()}-${++seq}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    text: { body: text },
  });
  if (phone) {
    contact.wa_id = phone;
    message.from = phone;
  }
  return value;
}

const conversationsOf = (bsuid: string) =>
  e.t.database.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.numberId, shop.number.id), eq(conversations.contactUserId, bsuid)));

const inbound = async (convId: string) =>
  (
    await e.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.convId, convId), eq(messages.direction, 'in')))
  ).length;

describe('a customer without a phone (business-scoped user id)', () => {
  it('is stored, answered through the BSUID, listed without a phone, and kept one conversation once the phone comes', async () => {
    const bsuid = 'BR.1502576394655843';
    await postMetaWebhook(e, shop, userIdOnlyValue(bsuid, 'Oi, quero um bolo'));

    await waitFor(async () => (await conversationsOf(bsuid)).length === 1, 'the conversation stored');
    const [conv] = await conversationsOf(bsuid);
    expect(conv).toMatchObject({
      contactJid: bsuid,
      contactPhone: null,
      contactUserId: bsuid,
      contactName: 'Marina',
      contactUsername: '@marina',
    });
    expect(await inbound(conv!.id)).toBe(1);

    // Answered: the stand-in accepted a send addressed to the BSUID (`recipient`).
    await waitFor(
      async () => (await cloudSentToCustomers(e, shop)).some((m) => m.remoteJid === bsuid),
      'the answer sent to the BSUID',
      20_000,
    );

    // The inbox lists it without a phone, by the profile's name; the search finds it by name.
    const list = await shop.client.get('/api/conversations');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().items as Json[]).find((c) => c.id === conv!.id);
    // The username stands where the phone would be.
    expect(listed).toMatchObject({
      contactPhone: null,
      contactName: 'Marina',
      contactJid: bsuid,
      contactUsername: '@marina',
    });
    const panel = await shop.client.get(`/api/conversations/${conv!.id}/contact`);
    expect(panel.statusCode).toBe(200);
    expect(panel.json()).toMatchObject({ name: 'Marina', phone: null, username: '@marina' });
    const search = await shop.client.get('/api/inbox-search?q=marina');
    expect((search.json().conversations as Json[]).map((c) => c.id)).toContain(conv!.id);

    // The same user later with the phone: the same conversation, the phone learnt, the BSUID kept.
    await postMetaWebhook(e, shop, userIdOnlyValue(bsuid, 'Pode ser de chocolate', '5511955554444'));
    await waitFor(async () => (await inbound(conv!.id)) === 2, 'the second message in the same conversation');
    const after = await conversationsOf(bsuid);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: conv!.id,
      contactJid: '5511955554444@s.whatsapp.net',
      contactPhone: '5511955554444',
      contactUserId: bsuid,
    });
  });

  it('a phone-keyed conversation that learnt the BSUID takes a later message without the phone', async () => {
    const bsuid = 'BR.88001122334455';
    await postMetaWebhook(e, shop, userIdOnlyValue(bsuid, 'Oi', '5511955550001'));
    await waitFor(async () => (await conversationsOf(bsuid)).length === 1, 'the conversation stored');
    const [conv] = await conversationsOf(bsuid);
    await postMetaWebhook(e, shop, userIdOnlyValue(bsuid, 'Ainda tem?'));
    await waitFor(async () => (await inbound(conv!.id)) === 2, 'the message without the phone joined it');
    expect(await conversationsOf(bsuid)).toHaveLength(1);
  });
});

describe("Meta's notice of a changed BSUID (user_changed_user_id)", () => {
  it('moves the conversation to the new BSUID, stores no message for it, and the next message lands there', async () => {
    const notice = structuredClone(metaFixture('inbound-webhooks').userChangedUserId) as {
      entry: { changes: { value: Json }[] }[];
    };
    const { metadata: _metadata, ...value } = notice.entry[0]!.changes[0]!.value;
    const message = (value.messages as Json[])[0]!;
    const system = message.system as Json;
    const previous = 'BR.7700112233445566';
    const next = 'BR.7700998877665544';
    Object.assign(system, { previous_user_id: previous, user_id: next });
    Object.assign(message, { from_user_id: next, id: `wamid.changed-${Date.now()}` });

    await postMetaWebhook(e, shop, userIdOnlyValue(previous, 'Oi, ainda tem bolo?'));
    await waitFor(async () => (await conversationsOf(previous)).length === 1, 'the conversation stored');
    const [conv] = await conversationsOf(previous);

    await postMetaWebhook(e, shop, value);
    await waitFor(async () => (await conversationsOf(next)).length === 1, 'the conversation follows the new BSUID');
    expect((await conversationsOf(next))[0]).toMatchObject({ id: conv!.id, contactJid: next, contactUserId: next });
    expect(await inbound(conv!.id)).toBe(1);

    await postMetaWebhook(e, shop, userIdOnlyValue(next, 'Quero dois'));
    await waitFor(async () => (await inbound(conv!.id)) === 2, 'the next message in the same conversation');
    expect(await conversationsOf(previous)).toHaveLength(0);
  });
});

describe("the Graph stand-in's addressee, as Meta reads it", () => {
  async function send(body: Json) {
    const { phoneNumberId, accessToken } = shop.cloud!;
    const res = await fetch(`${e.t.env.META_GRAPH_URL}/${e.t.env.META_GRAPH_VERSION}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', type: 'text', ...body }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  it('takes a BSUID or a parent BSUID in `recipient` and answers with its user_id', async () => {
    for (const recipient of ['BR.1502576394655843', 'US.ENT.11815799212886844830']) {
      const res = await send({ recipient, text: { body: 'Olá' } });
      expect(res.status).toBe(200);
      expect(res.body.contacts).toEqual([{ input: recipient, user_id: recipient }]);
    }
  });

  it('refuses a malformed BSUID, a BSUID in `to`, and a send addressed to no one', async () => {
    for (const body of [
      { recipient: 'BR1502576394655843' },
      { recipient: 'br.15025' },
      { to: 'BR.1502576394655843' },
      {},
    ]) {
      const res = await send({ ...body, text: { body: 'Olá' } });
      expect(res.status).toBe(400);
      expect((res.body.error as Json).code).toBe(100);
    }
  });
});
