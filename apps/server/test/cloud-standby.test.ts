/**
 * Meta's own agent holding a customer's thread (docs/decisions/054-cloud-window-and-templates.md, Standby),
 * through the Cloud webhook with Meta's documented payloads (fixtures/meta-cloud/inbound-webhooks.json: the
 * `standby` field, https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/standby/,
 * and `messaging_handovers`, https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messaging-handovers/):
 * a standby message is stored and shown but never answered, and the conversation is marked; control passed
 * back clears the mark and the customer's next message is answered; a message on the `messages` field
 * clears it by itself.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, conversations, messages, replyBursts } from '../src/db/schema/index.ts';
import { type EngineApp, startEngineApp, waitFor } from './helpers/engine-harness.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';
import { metaFixture } from './helpers/meta-fixtures.ts';

let e: EngineApp;
let owner: TestClient;
const display = `55118${Date.now().toString().slice(-8)}`;
const phoneNumberId = `10${display}`;

beforeAll(async () => {
  e = await startEngineApp();
  owner = e.t.client();
  const reg = await owner.register(newPerson());
  expect(reg.statusCode).toBe(201);
  const userId = reg.json().user.id as string;
  await e.t.database.db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna, da Loja Sol. Responda em português.', timing: 0 });
  const signup = await owner.post('/simulator/ui-api/cloud/signup', { phone: display, name: 'Loja Sol', state: 'S' });
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code')!;
  expect((await owner.post('/api/numbers/cloud', { code })).statusCode).toBe(201);
});
afterAll(async () => {
  await e?.close();
});

type Webhook = {
  entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[];
};

let seq = 0;
/** A fixture's webhook for this test's number and customer (a fresh message id and time). */
function webhookFor(name: 'standby' | 'messagingHandovers', waId: string, field?: string): Webhook {
  const webhook = structuredClone(metaFixture('inbound-webhooks')[name]) as Webhook;
  webhook.entry[0]!.id = `20${display}`;
  const change = webhook.entry[0]!.changes[0]!;
  if (field) change.field = field;
  const value = change.value;
  value.metadata = { display_phone_number: display, phone_number_id: phoneNumberId };
  value.contacts = [{ profile: { name: 'Marina' }, wa_id: waId }];
  const message = (value.messages as Record<string, unknown>[] | undefined)?.[0];
  if (message)
    Object.assign(message, {
      from: waId,
      id: `wamid.standby-${display}-${++seq}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
  return webhook;
}

async function post(webhook: Webhook) {
  const raw = JSON.stringify(webhook);
  const res = await e.t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', e.t.env.META_APP_SECRET!).update(raw).digest('hex')}`,
    },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
}

async function conversationOf(waId: string) {
  const [conv] = await e.t.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.contactJid, `${waId}@s.whatsapp.net`));
  return conv;
}

const inboundCount = async (convId: string) =>
  (
    await e.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.convId, convId), eq(messages.direction, 'in')))
  ).length;

const aiAnswers = async (convId: string) =>
  (
    await e.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.convId, convId), eq(messages.author, 'ai')))
  ).filter((m) => m.status !== 'failed').length;

const windowOf = async (convId: string) => (await owner.get(`/api/conversations/${convId}/window`)).json();

/** A standby message stored: the conversation's id once its message is there. */
async function standbyStored(waId: string): Promise<string> {
  await post(webhookFor('standby', waId));
  let convId = '';
  await waitFor(async () => {
    const conv = await conversationOf(waId);
    convId = conv?.id ?? '';
    return convId !== '' && (await inboundCount(convId)) === 1 && conv!.metaAgentThrough !== null;
  }, 'the standby message stored and the conversation marked');
  return convId;
}

describe("Meta's agent holds the thread (standby)", () => {
  it('stores a standby message unanswered, and answers again once control is passed back', async () => {
    const waId = '5511966660001';
    const calls = e.llm.calls.length;
    const convId = await standbyStored(waId);

    // Stored and shown like any customer message; no reply opened, nothing asked of the AI.
    const [stored] = await e.t.database.db.select().from(messages).where(eq(messages.convId, convId));
    expect(stored).toMatchObject({ direction: 'in', author: 'contact', content: 'Vocês entregam hoje?' });
    expect(await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.convId, convId))).toEqual([]);
    expect(e.llm.calls.length).toBe(calls);
    expect(await aiAnswers(convId)).toBe(0);
    expect(await windowOf(convId)).toMatchObject({ metaAgentHolds: true });

    // Meta passes control back to VendAI's app: the mark is cleared.
    await post(webhookFor('messagingHandovers', waId));
    await waitFor(async () => (await conversationOf(waId))?.metaAgentThrough === null, 'the mark cleared');
    expect(await windowOf(convId)).toMatchObject({ metaAgentHolds: false });

    // The customer's next message (field `messages`) is answered.
    await post(webhookFor('standby', waId, 'messages'));
    await waitFor(async () => (await aiAnswers(convId)) > 0, 'the AI answered', 20_000);
  });

  it('a message on the messages field means VendAI holds the thread again', async () => {
    const waId = '5511966660002';
    const convId = await standbyStored(waId);
    await post(webhookFor('standby', waId, 'messages'));
    await waitFor(async () => (await aiAnswers(convId)) > 0, 'the AI answered', 20_000);
    expect(await windowOf(convId)).toMatchObject({ metaAgentHolds: false });
  });
});
