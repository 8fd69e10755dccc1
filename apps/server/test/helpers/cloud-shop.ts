/**
 * A shop whose number is connected through the WhatsApp Cloud API, for the engine tests that run on
 * both kinds of number (docs/decisions/042-cloud-pacing.md): the number is connected the way an owner
 * does it, through the simulator's Graph-compatible fake and Meta's Embedded Signup
 * (docs/decisions/036-cloud-signup-window-pacing.md); customers write on the fake's page (a signed
 * `messages` webhook to /webhooks/meta), or tests post Meta-shaped webhooks signed with the app
 * secret themselves; what reached the customer is what the fake accepted from the Graph API.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { numbers } from '../../src/db/schema/index.ts';
import { resultRows } from '../../src/db/rows.ts';
import { openSecret, parseSecretKey } from '../../src/lib/secret-box.ts';
import { chatJidOf } from '../../src/domain/phones/bsuid.ts';
import type { EngineApp, Shop } from './engine-harness.ts';
import type { TestClient } from './test-app.ts';

/** How a shop's number reaches WhatsApp: the QR code (Evolution API, here the simulator) or Meta's Cloud API. */
export type ShopKind = 'evolution' | 'cloud';
/** Both kinds, for `describe.each(SHOP_KINDS)`: the engine behaves the same on either. */
export const SHOP_KINDS: readonly ShopKind[] = ['evolution', 'cloud'];

/** A customer's media as the simulator page takes it (QR) and as the Cloud helpers upload it. */
export interface CustomerMedia {
  type: 'image' | 'audio' | 'video' | 'document';
  base64: string;
  mimetype: string;
  caption?: string;
  fileName?: string;
  /** What the sender's app declares (QR only: Meta's webhook carries no duration). */
  seconds?: number;
}

export interface CloudNumber {
  id: string;
  instanceName: string;
  token: string;
  phone: string;
  /** Meta's phone number id (the fake's `10<digits>`). */
  phoneNumberId: string;
  /** The business token the signup stored (sealed in the row, opened here for the fake's Graph calls). */
  accessToken: string;
}

async function poll<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The owner connects `phone` through the Embedded Signup on the simulator's Cloud mode. */
export async function connectCloudNumber(e: EngineApp, client: TestClient, phone: string): Promise<CloudNumber> {
  const signup = await client.post('/simulator/ui-api/cloud/signup', { phone, name: 'Loja', state: 'teste' });
  if (signup.statusCode !== 200) throw new Error(`signup: ${signup.statusCode} ${signup.body}`);
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code');
  const connected = await client.post('/api/numbers/cloud', { code });
  if (connected.statusCode !== 201) throw new Error(`connect cloud: ${connected.statusCode} ${connected.body}`);
  const [row] = await e.t.database.db.select().from(numbers).where(eq(numbers.phone, phone));
  const key = parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!);
  return {
    id: row!.id,
    instanceName: row!.instanceName!,
    token: row!.token,
    phone,
    phoneNumberId: row!.cloudPhoneNumberId!,
    accessToken: openSecret(key, row!.cloudTokenSealed!),
  };
}

function cloudOf(shop: Shop): CloudNumber {
  if (shop.kind !== 'cloud' || !shop.cloud) throw new Error('not a Cloud API shop');
  return shop.cloud;
}

/** Resolves once the webhook event with this key is stored for the shop's number. */
export async function eventStored(e: EngineApp, shop: Shop, eventKey: string): Promise<void> {
  await poll(async () => {
    const rows = resultRows<{ n: number | string }>(
      await e.t.database.db.execute(
        sql`select count(*) as n from gateway_events where number_id = ${shop.number.id} and event_key = ${eventKey}`,
      ),
    );
    return Number(rows[0]!.n) > 0;
  }, `gateway event ${eventKey} stored`);
}

/** A customer writes to a Cloud number on the simulator's page; resolves once the app stored it. */
export async function cloudCustomerSays(
  e: EngineApp,
  shop: Shop,
  text: string,
  customer = { phone: '5511977770000', name: 'Carla Dias' },
): Promise<{ chatId: string; keyId: string }> {
  const { phoneNumberId } = cloudOf(shop);
  const res = await shop.client.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId: customer.phone,
    name: customer.name,
    text,
  });
  if (res.statusCode !== 201) throw new Error(`cloud customer message: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  await eventStored(e, shop, id);
  return { chatId: customer.phone, keyId: id };
}

export interface CloudSent {
  id: string;
  remoteJid: string;
  text: string;
  type: string;
  at: string;
  status: string;
}

/** What the fake's Graph API accepted from this number (oldest first): what reached its customers. */
export async function cloudSentToCustomers(_e: EngineApp, shop: Shop): Promise<CloudSent[]> {
  const { phoneNumberId } = cloudOf(shop);
  const res = await shop.client.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`);
  if (res.statusCode !== 200) throw new Error(`cloud messages: ${res.statusCode} ${res.body}`);
  return (
    res.json() as {
      id: string;
      waId: string;
      fromMe: boolean;
      text: string;
      type: string;
      at: string;
      status: string;
    }[]
  )
    .filter((m) => m.fromMe)
    .map((m) => ({
      id: m.id,
      // A customer known only by a BSUID is addressed by it (docs/decisions/062-bsuid-contacts.md).
      remoteJid: chatJidOf(m.waId),
      text: m.text,
      type: m.type,
      at: m.at,
      status: m.status,
    }));
}

/** Queues Meta's errors for the number's next sends on the fake (130429, 131056, 131000). */
export async function queueCloudErrors(shop: Shop, kind: 'throughput' | 'pair-rate' | 'server', count: number) {
  const res = await shop.client.post(`/simulator/ui-api/cloud/numbers/${cloudOf(shop).phoneNumberId}/errors`, {
    kind,
    count,
  });
  if (res.statusCode !== 200) throw new Error(`queue errors: ${res.statusCode} ${res.body}`);
  return res.json().pendingErrors as number;
}

type Json = Record<string, unknown>;
let wamidSeq = 0;
const newWamid = () => `wamid.TEST${Date.now()}${++wamidSeq}`;

/**
 * Posts one Meta webhook (`value` of one 'messages' change for the shop's number) to /webhooks/meta,
 * signed with the app secret as Meta signs it; the app's answer ({stored, replays}).
 */
export async function postMetaWebhook(
  e: EngineApp,
  shop: Shop,
  value: Json,
  field = 'messages',
): Promise<{ stored: number; replays: number }> {
  const { phoneNumberId } = cloudOf(shop);
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: `20${shop.number.phone}`,
        changes: [
          {
            field,
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: shop.number.phone, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const signature = createHmac('sha256', e.t.env.META_APP_SECRET!).update(raw).digest('hex');
  const res = await e.t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`meta webhook: ${res.statusCode} ${res.body}`);
  return res.json() as { stored: number; replays: number };
}

/** A customer's message as Meta's webhook carries it (`value` with contacts and messages). */
export function cloudInbound(
  customer: { phone: string; name: string },
  type: string,
  content: Json,
  id = newWamid(),
): Json & { messages: (Json & { id: string })[] } {
  return {
    contacts: [{ profile: { name: customer.name }, wa_id: customer.phone }],
    messages: [{ from: customer.phone, id, timestamp: String(Math.floor(Date.now() / 1000)), type, [type]: content }],
  };
}

/**
 * A customer sends media to a Cloud number: the file is uploaded to the fake's Graph API (where the
 * app downloads it by its media id, as from Meta), then the signed webhook naming it is posted.
 */
export async function cloudCustomerMedia(
  e: EngineApp,
  shop: Shop,
  media: CustomerMedia,
  customer = { phone: '5511977770000', name: 'Carla Dias' },
): Promise<{ chatId: string; keyId: string }> {
  const { phoneNumberId, accessToken } = cloudOf(shop);
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('file', new Blob([Buffer.from(media.base64, 'base64')], { type: media.mimetype }), media.fileName ?? 'file');
  const upload = await fetch(`${e.t.env.META_GRAPH_URL}/${e.t.env.META_GRAPH_VERSION}/${phoneNumberId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`cloud media upload: ${upload.status} ${await upload.text()}`);
  const { id: mediaId } = (await upload.json()) as { id: string };
  const value = cloudInbound(customer, media.type, {
    id: mediaId,
    mime_type: media.mimetype,
    ...(media.caption ? { caption: media.caption } : {}),
    ...(media.fileName ? { filename: media.fileName } : {}),
    ...(media.type === 'audio' ? { voice: true } : {}),
  });
  await postMetaWebhook(e, shop, value);
  return { chatId: customer.phone, keyId: value.messages[0]!.id };
}

/**
 * The owner types on the WhatsApp Business app of a coexistence number: Meta's `smb_message_echoes`
 * webhook (`from` the business, `to` the customer).
 */
export async function cloudOwnerWrites(e: EngineApp, shop: Shop, text: string, toPhone: string, id = newWamid()) {
  await postMetaWebhook(
    e,
    shop,
    {
      message_echoes: [
        {
          from: shop.number.phone,
          to: toPhone,
          id,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: text },
        },
      ],
    },
    'smb_message_echoes',
  );
  return { keyId: id };
}

/** The number as the fake's page shows it (queued errors, customers seeing it typing). */
async function fakeNumberView(shop: Shop) {
  const res = await shop.client.get('/simulator/ui-api/cloud/numbers');
  if (res.statusCode !== 200) throw new Error(`cloud numbers: ${res.statusCode} ${res.body}`);
  return (res.json() as { phoneNumberId: string; pendingErrors: number; typingTo: string[] }[]).find(
    (n) => n.phoneNumberId === cloudOf(shop).phoneNumberId,
  )!;
}

/** How many queued errors the fake still holds for the number's next sends. */
export async function pendingCloudErrors(shop: Shop): Promise<number> {
  return (await fakeNumberView(shop)).pendingErrors;
}

/** Whether the customer sees Meta's typing indicator ("digitando…") from the number now. */
export async function cloudTypingTo(shop: Shop, waId: string): Promise<boolean> {
  return (await fakeNumberView(shop)).typingTo.includes(waId);
}

/** Meta's status webhook for a message the number sent ('sent', 'delivered', 'read'). */
export async function cloudStatus(e: EngineApp, shop: Shop, id: string, status: string, waId: string) {
  return postMetaWebhook(e, shop, {
    statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: waId }],
  });
}
