/**
 * The WhatsApp Cloud API webhook (docs/decisions/032-cloud-api-gateway.md): GET verification by the
 * verify token; POST accepted only with X-Hub-Signature-256 over the raw body (401 before parsing
 * otherwise); messages and statuses stored once as the Evolution webhook stores them, and ingested by
 * the engine as for Evolution; a problem Meta reports about the number is shown on the numbers list.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, gatewayEvents, messages, numbers } from '../src/db/schema/index.ts';
import { META_WEBHOOK_BODY_LIMIT } from '../src/modules/webhooks/meta-webhook-routes.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { userWithNumber, waitFor } from './helpers/gateway-helpers.ts';

const APP_SECRET = 'meta-app-secret-de-teste';
const VERIFY_TOKEN = 'token-de-verificacao';
const PHONE_NUMBER_ID = `1065${Date.now()}`;

let t: TestApp;
let numberId: string;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN } });
  const { number, client } = await userWithNumber(t);
  numberId = number.id;
  owner = client;
  await t.database.db
    .update(numbers)
    .set({ provider: 'cloud', cloudPhoneNumberId: PHONE_NUMBER_ID, cloudWabaId: '102290129340398' })
    .where(eq(numbers.id, number.id));
});
afterAll(async () => {
  await t?.close();
});

const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(Buffer.from(raw)).digest('hex')}`;

function post(raw: string, signature: string | null, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': contentType, ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: raw,
  });
}

/** Meta's messages webhook, as its documentation shows it. */
const envelope = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
            ...value,
          },
        },
      ],
    },
  ],
});

const textMessage = (id: string) =>
  envelope({
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '5511988887777' }],
    messages: [
      {
        from: '5511988887777',
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: 'Oi, tem pronta entrega?' },
      },
    ],
  });

const eventsOf = () => t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.numberId, numberId));

describe('GET /webhooks/meta (verification)', () => {
  it('echoes hub.challenge for the right token, and refuses a wrong or missing one', async () => {
    const ok = await t.app.inject({
      url: `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      url: '/webhooks/meta?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    expect((await t.app.inject({ url: '/webhooks/meta?hub.challenge=1' })).statusCode).toBe(403);
  });
});

describe('POST /webhooks/meta (signature before parsing)', () => {
  it('answers 401 for a missing, malformed or wrong signature, and for a body changed by one byte', async () => {
    const raw = JSON.stringify(textMessage('wamid.SIG1'));
    expect((await post(raw, null)).statusCode).toBe(401);
    expect((await post(raw, 'sha256=abc')).statusCode).toBe(401);
    expect((await post(raw, sign(raw, 'outro-segredo'))).statusCode).toBe(401);
    const changed = raw.replace('pronta', 'pronto');
    expect(changed.length).toBe(raw.length);
    expect((await post(changed, sign(raw))).statusCode).toBe(401);
    // Not even parsed: a signed-by-someone-else body that is not JSON is a 401 too, not a 400.
    expect((await post('{not json', sign('{not json', 'outro-segredo'))).statusCode).toBe(401);
    // Another content type is no way around the check.
    expect((await post(raw, sign(raw, 'outro-segredo'), 'text/plain')).statusCode).toBe(401);
    expect(await eventsOf()).toHaveLength(0);
    // Over the small body limit: refused before it is read whole, signed or not.
    const big = JSON.stringify({ padding: 'x'.repeat(META_WEBHOOK_BODY_LIMIT) });
    expect((await post(big, sign(big))).statusCode).toBe(413);
    // A correctly signed body that is not JSON: 400.
    expect((await post('{not json', sign('{not json'))).statusCode).toBe(400);
  });
});

describe('POST /webhooks/meta (messages and statuses)', () => {
  it('stores a text message once (replayed twice) and the engine ingests it as from Evolution', async () => {
    const raw = JSON.stringify(textMessage('wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFDNBMDE'));
    for (let i = 0; i < 3; i++) {
      const res = await post(raw, sign(raw));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, stored: i === 0 ? 1 : 0, replays: i === 0 ? 0 : 1 });
    }
    const rows = (await eventsOf()).filter((e) => e.event === 'messages.upsert');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.eventKey).toBe('wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFDNBMDE');
    const stored = await waitFor(async () => {
      const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.numberId, numberId));
      if (!conv) return null;
      const [msg] = await t.database.db.select().from(messages).where(eq(messages.convId, conv.id));
      return msg ? { conv, msg } : null;
    });
    expect(stored.conv.contactJid).toBe('5511988887777@s.whatsapp.net');
    expect(stored.conv.contactName).toBe('Sheena Nelson');
    expect(stored.msg).toMatchObject({
      externalId: 'wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFDNBMDE',
      direction: 'in',
      content: 'Oi, tem pronta entrega?',
    });
  });

  it("stores each status once, a failed one with Meta's error code, and skips unknown numbers", async () => {
    const statuses = envelope({
      statuses: [
        { id: 'wamid.OUT1', status: 'delivered', timestamp: '1750263773', recipient_id: '5511988887777' },
        {
          id: 'wamid.OUT2',
          status: 'failed',
          timestamp: '1750263773',
          recipient_id: '5511988887777',
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: {
                details:
                  'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
              },
            },
          ],
        },
      ],
    });
    const raw = JSON.stringify(statuses);
    expect((await post(raw, sign(raw))).json()).toEqual({ ok: true, stored: 2, replays: 0 });
    expect((await post(raw, sign(raw))).json()).toEqual({ ok: true, stored: 0, replays: 2 });
    const rows = (await eventsOf()).filter((e) => e.event === 'messages.update');
    expect(rows.map((r) => r.eventKey).sort()).toEqual(['wamid.OUT1:DELIVERY_ACK', 'wamid.OUT2:ERROR']);
    const failed = rows.find((r) => r.eventKey === 'wamid.OUT2:ERROR')!.payload as {
      data: { errors: { code: number }[] };
    };
    expect(failed.data.errors[0]!.code).toBe(131047);

    const other = JSON.stringify(textMessage('wamid.OTHER'));
    const foreign = other.replace(PHONE_NUMBER_ID, '999999');
    expect((await post(foreign, sign(foreign))).json()).toEqual({ ok: true, stored: 0, replays: 0 });
  });

  it("shows Meta's reason in Portuguese on our message when its delivery fails", async () => {
    const raw = JSON.stringify(textMessage('wamid.FAILCASE'));
    expect((await post(raw, sign(raw))).statusCode).toBe(200);
    const conv = await waitFor(async () => {
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.numberId, numberId));
      return row ?? null;
    });
    await t.database.db.insert(messages).values({
      userId: conv.userId,
      convId: conv.id,
      direction: 'out',
      fromMe: true,
      author: 'ai',
      content: 'Temos sim!',
      externalId: 'wamid.OUT-FAIL',
      status: 'sent',
    });
    const failed = JSON.stringify(
      envelope({
        statuses: [
          {
            id: 'wamid.OUT-FAIL',
            status: 'failed',
            timestamp: '1750263800',
            recipient_id: '5511988887777',
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
        ],
      }),
    );
    expect((await post(failed, sign(failed))).statusCode).toBe(200);
    const row = await waitFor(async () => {
      const [m] = await t.database.db.select().from(messages).where(eq(messages.externalId, 'wamid.OUT-FAIL'));
      return m?.status === 'failed' ? m : null;
    });
    expect(row.error).toBe(
      'Este número não pode receber a mensagem (sem WhatsApp, app desatualizado ou termos da Meta não aceitos).',
    );
  });

  it('shows a problem Meta reports about the number itself on the numbers list, until Meta delivers again', async () => {
    const problemOf = async () =>
      ((await owner.get('/api/numbers')).json() as { id: string; connection_problem: string | null }[]).find(
        (n) => n.id === numberId,
      )!.connection_problem;
    // The members' phones hear of a new problem: 'number.disconnected' with the problem, once per change.
    const heard: { numberId: string; problem?: string }[] = [];
    t.app.deps.events.on('number.disconnected', async (p) => void heard.push(p));
    const blocked = JSON.stringify(
      envelope({ errors: [{ code: 131031, title: 'Business Account locked', message: 'Business Account locked' }] }),
    );
    expect((await post(blocked, sign(blocked))).json()).toEqual({ ok: true, stored: 0, replays: 0 });
    expect(await problemOf()).toBe('A Meta avisou: a conta do WhatsApp Business está bloqueada pela Meta.');
    await waitFor(async () => heard.length === 1);
    expect(heard[0]).toMatchObject({
      numberId,
      problem: 'A Meta avisou: a conta do WhatsApp Business está bloqueada pela Meta.',
    });
    // The same problem again changes nothing: no second event.
    expect((await post(blocked, sign(blocked))).statusCode).toBe(200);
    const unknown = JSON.stringify(envelope({ errors: [{ code: 999001, title: 'Something new' }] }));
    await post(unknown, sign(unknown));
    expect(await problemOf()).toBe('A Meta avisou um problema com este número (#999001: Something new).');
    await waitFor(async () => heard.length === 2);
    expect(heard.map((h) => h.problem)).toEqual([
      'A Meta avisou: a conta do WhatsApp Business está bloqueada pela Meta.',
      'A Meta avisou um problema com este número (#999001: Something new).',
    ]);

    const delivered = JSON.stringify(
      envelope({
        statuses: [
          { id: 'wamid.OUT-BACK', status: 'delivered', timestamp: '1750263900', recipient_id: '5511988887777' },
        ],
      }),
    );
    expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
    expect(await problemOf()).toBeNull();
  });
});
