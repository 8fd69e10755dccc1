/**
 * The 24-hour customer-service window of official-API numbers and the message templates sent outside
 * it (docs/decisions/041-cloud-window-and-templates.md), through the simulator's Cloud mode: the AI
 * stays silent on a Cloud number once the customer's last message is over 24 h old (and still answers
 * on a QR number); the owner's free text is refused by the server outside the window and accepted
 * inside; the number's approved templates are listed from the WABA, one is sent, reaches the
 * customer and is recorded (template_messages, by Meta's category); another account gets 404.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, conversations, messages, replyBursts, templateMessages } from '../src/db/schema/index.ts';
import { customerSays, type EngineApp, openShop, startEngineApp, waitFor } from './helpers/engine-harness.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';
import { metaFixture } from './helpers/meta-fixtures.ts';

let e: EngineApp;
let owner: TestClient;
let agentId: string;
const display = `55119${Date.now().toString().slice(-8)}`;
const phoneNumberId = `10${display}`;

beforeAll(async () => {
  e = await startEngineApp();
  owner = e.t.client();
  const reg = await owner.register(newPerson());
  expect(reg.statusCode).toBe(201);
  const userId = reg.json().user.id as string;
  const [agent] = await e.t.database.db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna, da Loja Sol. Responda em português.', timing: 0 })
    .returning();
  agentId = agent!.id;
  const signup = await owner.post('/simulator/ui-api/cloud/signup', { phone: display, name: 'Loja Sol', state: 'S' });
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code')!;
  expect((await owner.post('/api/numbers/cloud', { code })).statusCode).toBe(201);
});
afterAll(async () => {
  await e?.close();
});

type FakeMessage = { fromMe: boolean; text: string; waId: string; template: { name: string; category: string } | null };
const onFake = async (waId: string) =>
  ((await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).json() as FakeMessage[]).filter(
    (m) => m.waId === waId,
  );

async function cloudCustomerWrites(waId: string, text: string): Promise<string> {
  const res = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId,
    name: 'Marina',
    text,
  });
  expect(res.statusCode).toBe(201);
  let convId = '';
  await waitFor(async () => {
    const [conv] = await e.t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.contactJid, `${waId}@s.whatsapp.net`));
    convId = conv?.id ?? '';
    return convId !== '';
  }, 'the customer message stored');
  return convId;
}

/** The clock moves: the customer's last message (and the conversation's messages) happened `hours` earlier. */
async function age(convId: string, hours: number) {
  const shift = sql`make_interval(hours => ${hours})`;
  await e.t.database.db.execute(
    sql`update conversations set customer_last_at = customer_last_at - ${shift}, last_message = last_message - ${shift} where id = ${convId}`,
  );
  await e.t.database.db.execute(sql`update messages set created_at = created_at - ${shift} where conv_id = ${convId}`);
}

/** The first conversation of a number, once the customer's message is stored. */
async function conversationOf(numberId: string): Promise<string> {
  let convId = '';
  await waitFor(async () => {
    const [c] = await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, numberId));
    convId = c?.id ?? '';
    return convId !== '';
  }, 'the conversation stored');
  return convId;
}

const burstOf = async (convId: string) =>
  (await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.convId, convId)))[0];

/** A burst waiting long (the agent's delay), aged past the window, then due now: claimed a day late. */
async function answeredAfterADay(convId: string) {
  await waitFor(async () => (await burstOf(convId))?.state === 'waiting', 'the burst waiting');
  await age(convId, 25);
  await e.t.database.db.update(replyBursts).set({ dueAt: new Date() }).where(eq(replyBursts.convId, convId));
  await waitFor(
    async () => ['done', 'cancelled', 'failed'].includes((await burstOf(convId))?.state ?? ''),
    'burst settled',
    20_000,
  );
  return (await burstOf(convId))!;
}

describe('the AI and the 24-hour window', () => {
  it('stays silent on a Cloud number when the customer last wrote over 24 h ago', async () => {
    await e.t.database.db.update(agentes).set({ timing: 600 }).where(eq(agentes.id, agentId));
    const calls = e.llm.calls.length;
    const convId = await cloudCustomerWrites('5511955550001', 'Oi, ainda tem o biquíni azul?');
    const burst = await answeredAfterADay(convId);
    expect(burst).toMatchObject({ state: 'cancelled', reason: 'window-closed' });
    expect(e.llm.calls.length).toBe(calls);
    expect((await onFake('5511955550001')).filter((m) => m.fromMe)).toEqual([]);
    await e.t.database.db.update(agentes).set({ timing: 0 }).where(eq(agentes.id, agentId));
  });

  it('still answers on a QR number after 24 h (QR numbers have no window)', async () => {
    const shop = await openShop(e, { timing: 600 });
    await customerSays(e, shop, 'Oi, tem camiseta G?', { phone: '5511955550002', name: 'Rui' });
    const convId = await conversationOf(shop.number.id);
    const burst = await answeredAfterADay(convId);
    expect(burst.state).toBe('done');
    const out = await e.t.database.db.select().from(messages).where(eq(messages.convId, convId));
    expect(out.filter((m) => m.author === 'ai' && m.status !== 'failed').length).toBeGreaterThan(0);
  });
});

describe("the owner's free text and templates", () => {
  const waId = '5511955550003';
  let convId: string;

  it('inside the window: free text goes, the window says open', async () => {
    convId = await cloudCustomerWrites(waId, 'Bom dia!');
    await waitFor(async () => (await onFake(waId)).some((m) => m.fromMe), 'the AI answer on the fake', 20_000);
    const win = await owner.get(`/api/conversations/${convId}/window`);
    expect(win.statusCode).toBe(200);
    expect(win.json()).toMatchObject({ applies: true, open: true });
    expect(new Date(win.json().closesAt as string).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const sent = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Oi Marina, aqui é a dona.' });
    expect(sent.statusCode).toBe(201);
    await waitFor(async () => (await onFake(waId)).some((m) => m.text === 'Oi Marina, aqui é a dona.'), 'owner text');
  });

  it('outside the window: free text is refused by the server and nothing is stored', async () => {
    await age(convId, 25);
    const win = (await owner.get(`/api/conversations/${convId}/window`)).json();
    expect(win).toMatchObject({ applies: true, open: false });
    const before = (await e.t.database.db.select().from(messages).where(eq(messages.convId, convId))).length;
    const refused = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Ainda quer o biquíni?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'WINDOW_CLOSED',
      message: 'A janela de 24 horas desta conversa está fechada. Envie um modelo aprovado pela Meta.',
    });
    expect((await e.t.database.db.select().from(messages).where(eq(messages.convId, convId))).length).toBe(before);
  });

  it("lists the number's approved templates with their variables", async () => {
    const res = await owner.get(`/api/conversations/${convId}/templates`);
    expect(res.statusCode).toBe(200);
    // Every page of the stand-in's (two a page): header, named parameters and buttons read (decision 054).
    expect(res.json().templates).toEqual([
      expect.objectContaining({ name: 'retomar_atendimento', language: 'pt_BR', category: 'UTILITY', variables: 1 }),
      expect.objectContaining({ name: 'oferta_da_semana', category: 'MARKETING', variables: 2 }),
      expect.objectContaining({
        name: 'pedido_enviado',
        variables: 2,
        header: { format: 'TEXT', text: 'Pedido {{1}}', variable: '1' },
        buttons: [
          expect.objectContaining({ type: 'URL', variable: true }),
          expect.objectContaining({ type: 'QUICK_REPLY', variable: false }),
        ],
      }),
      expect.objectContaining({
        name: 'promo_nome',
        parameterFormat: 'NAMED',
        bodyNames: ['first_name', 'produto'],
        header: { format: 'IMAGE', text: null, variable: null },
      }),
      expect.objectContaining({
        name: 'lembrete_horario',
        category: 'UTILITY',
        parameterFormat: 'NAMED',
        bodyNames: ['nome', 'data', 'hora', 'profissional'],
      }),
    ]);
  });

  it('sends a template outside the window: the customer receives it, recorded with its category', async () => {
    const missing = await owner.post(`/api/conversations/${convId}/templates`, {
      name: 'oferta_da_semana',
      language: 'pt_BR',
      values: ['Marina'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Preencha todas as variáveis do modelo.');
    const unknown = await owner.post(`/api/conversations/${convId}/templates`, {
      name: 'inventado',
      language: 'pt_BR',
      values: [],
    });
    expect(unknown.statusCode).toBe(400);

    const res = await owner.post(`/api/conversations/${convId}/templates`, {
      name: 'oferta_da_semana',
      language: 'pt_BR',
      values: ['Marina', 'o biquíni azul'],
    });
    expect(res.statusCode).toBe(201);
    const text = 'Oi, Marina! Esta semana o biquíni azul está com desconto. Quer saber mais?';
    expect(res.json()).toMatchObject({ direction: 'out', author: 'owner_app', status: 'sent', content: text });
    const received = await onFake(waId);
    expect(received.find((m) => m.text === text)).toMatchObject({
      fromMe: true,
      template: { name: 'oferta_da_semana', category: 'MARKETING' },
    });
    const rows = await e.t.database.db
      .select()
      .from(templateMessages)
      .where(eq(templateMessages.messageId, res.json().id as string));
    expect(rows).toEqual([expect.objectContaining({ name: 'oferta_da_semana', category: 'MARKETING' })]);
    // The window stays closed until the customer writes again.
    expect((await owner.get(`/api/conversations/${convId}/window`)).json().open).toBe(false);
  });

  it('sends templates with a header, a URL button and named parameters; what is missing is a 400', async () => {
    const send = (body: Record<string, unknown>) => owner.post(`/api/conversations/${convId}/templates`, body);
    const order = { name: 'pedido_enviado', language: 'pt_BR', values: ['Marina', '18h'] };
    expect((await send(order)).json().error.message).toBe('Preencha o cabeçalho do modelo.');
    expect((await send({ ...order, header: '4321' })).json().error.message).toBe(
      'Preencha o final do link de cada botão do modelo.',
    );
    const sent = await send({ ...order, header: '4321', buttons: ['4321'] });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().content).toBe('Pedido 4321\nOlá, Marina! Seu pedido saiu para entrega e chega até 18h.');
    const promo = { name: 'promo_nome', language: 'pt_BR', values: ['Marina', 'O bolo de cenoura'] };
    expect((await send({ ...promo, header: 'bolo.jpg' })).json().error.message).toMatch(/link \(https:/);
    const named = await send({ ...promo, header: 'https://loja.example/bolo.jpg' });
    expect(named.statusCode).toBe(201);
    const text = 'Oi, Marina! O bolo de cenoura está com desconto esta semana.';
    expect(named.json().content).toBe(text);
    const received = await onFake(waId);
    expect(received.find((m) => m.text === text)).toMatchObject({ template: { name: 'promo_nome' } });
    expect(received.some((m) => m.text.startsWith('Pedido 4321\n'))).toBe(true);
  });

  it('Resultados count the templates sent by category, in the figures and the CSV', async () => {
    const sent = await owner.post(`/api/conversations/${convId}/templates`, {
      name: 'retomar_atendimento',
      language: 'pt_BR',
      values: ['Marina'],
    });
    expect(sent.statusCode).toBe(201);
    const results = await owner.get('/api/results?period=today');
    expect(results.statusCode).toBe(200);
    expect(results.json().current.templates).toEqual({ total: 4, utility: 2, marketing: 2, authentication: 0 });
    const today = (results.json().days as { templatesUtility: number; templatesMarketing: number }[]).at(-1);
    expect(today).toMatchObject({ templatesUtility: 2, templatesMarketing: 2, templatesAuthentication: 0 });
    const csv = (await owner.get('/api/results/export.csv?period=today')).body.replace(/^\uFEFF/, '').split('\r\n');
    const header = csv[0]!.split(';');
    expect(header.slice(-3)).toEqual([
      'Modelos enviados: utilidade',
      'Modelos enviados: marketing',
      'Modelos enviados: autenticação',
    ]);
    expect(csv[1]!.split(';').slice(-3)).toEqual(['2', '2', '0']);
  });

  it("another account's conversation is 404; a QR conversation has no window and no templates", async () => {
    const stranger = e.t.client();
    await stranger.register(newPerson());
    expect((await stranger.get(`/api/conversations/${convId}/window`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/conversations/${convId}/templates`)).statusCode).toBe(404);
    const send = await stranger.post(`/api/conversations/${convId}/templates`, {
      name: 'retomar_atendimento',
      language: 'pt_BR',
      values: ['x'],
    });
    expect(send.statusCode).toBe(404);

    const shop = await openShop(e);
    await customerSays(e, shop, 'Oi', { phone: '5511955550004', name: 'Rui' });
    const qrConv = await conversationOf(shop.number.id);
    await age(qrConv, 48);
    expect((await shop.client.get(`/api/conversations/${qrConv}/window`)).json()).toMatchObject({
      applies: false,
      open: true,
    });
    expect((await shop.client.get(`/api/conversations/${qrConv}/templates`)).statusCode).toBe(400);
    expect((await shop.client.post(`/api/conversations/${qrConv}/messages`, { text: 'Oi de novo' })).statusCode).toBe(
      201,
    );
  });
});

/**
 * Meta has the last word on the window (docs/decisions/054-cloud-window-and-templates.md): free text it
 * refuses with #131047 (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes;
 * test/fixtures/meta-cloud/send-errors.json and status-webhooks.json) closes the conversation's window
 * whatever customer_last_at says, until the customer writes again. Here the simulator's Graph stand-in
 * is told that the customer's last message was 25 h ago while the app still thinks it recent.
 */
describe("Meta's #131047 closes the window", () => {
  const windowOf = async (convId: string) => (await owner.get(`/api/conversations/${convId}/window`)).json();
  const ageOnFake = async (waId: string, hours: number) =>
    expect((await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/age`, { waId, hours })).statusCode).toBe(
      200,
    );

  it('refused on the send: 409 with what to do (never 502), the window closed, templates still go', async () => {
    const waId = '5511955550005';
    const convId = await cloudCustomerWrites(waId, 'Oi, tem o vestido verde?');
    await waitFor(async () => (await onFake(waId)).some((m) => m.fromMe), 'the AI answer on the fake', 20_000);
    await ageOnFake(waId, 25);
    expect(await windowOf(convId)).toMatchObject({ applies: true, open: true, closedByMeta: false });

    const refused = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Ainda tem interesse?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'WINDOW_CLOSED',
      message: expect.stringMatching(/^A janela de 24 horas desta conversa fechou: .*Envie um modelo aprovado\.$/),
    });
    const [failed] = await e.t.database.db.select().from(messages).where(eq(messages.content, 'Ainda tem interesse?'));
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('24 horas') });
    expect(await windowOf(convId)).toMatchObject({ applies: true, open: false, closedByMeta: true });
    // Nothing reached the customer, and the next free text is refused by the server before Meta.
    expect((await onFake(waId)).some((m) => m.text === 'Ainda tem interesse?')).toBe(false);
    const again = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Oi?' });
    expect(again.statusCode).toBe(409);

    const template = await owner.post(`/api/conversations/${convId}/templates`, {
      name: 'retomar_atendimento',
      language: 'pt_BR',
      values: ['Paula'],
    });
    expect(template.statusCode).toBe(201);

    // The customer writes again: the window reopens and free text goes.
    await cloudCustomerWrites(waId, 'Tenho sim!');
    await waitFor(async () => (await windowOf(convId)).open === true, 'the window reopened');
    expect(await windowOf(convId)).toMatchObject({ open: true, closedByMeta: false });
    const sent = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Que bom! Separo para você.' });
    expect(sent.statusCode).toBe(201);
    await waitFor(async () => (await onFake(waId)).some((m) => m.text === 'Que bom! Separo para você.'), 'free text');
  });

  it("the AI's answer refused by Meta closes the window too: nothing reaches the customer, the AI stays silent", async () => {
    const waId = '5511955550007';
    await e.t.database.db.update(agentes).set({ timing: 600 }).where(eq(agentes.id, agentId));
    const convId = await cloudCustomerWrites(waId, 'Vocês entregam no sábado?');
    await waitFor(async () => (await burstOf(convId))?.state === 'waiting', 'the burst waiting');
    // Meta's clock says a day passed; ours does not: the claim lets the answer go, Meta refuses it.
    await ageOnFake(waId, 25);
    await e.t.database.db.update(replyBursts).set({ dueAt: new Date() }).where(eq(replyBursts.convId, convId));
    await waitFor(
      async () => (await windowOf(convId)).closedByMeta === true,
      'the window closed by the refusal',
      20_000,
    );
    await waitFor(
      async () => ['done', 'cancelled', 'failed'].includes((await burstOf(convId))?.state ?? ''),
      'burst settled',
      20_000,
    );
    expect((await onFake(waId)).filter((m) => m.fromMe)).toEqual([]);
    expect(await windowOf(convId)).toMatchObject({ open: false, closedByMeta: true });
    await e.t.database.db.update(agentes).set({ timing: 0 }).where(eq(agentes.id, agentId));
  });

  it('refused by a failed status webhook: the window closes', async () => {
    const waId = '5511955550006';
    const convId = await cloudCustomerWrites(waId, 'Bom dia');
    await waitFor(async () => (await onFake(waId)).some((m) => m.fromMe), 'the AI answer on the fake', 20_000);
    const sent = await owner.post(`/api/conversations/${convId}/messages`, { text: 'Bom dia! Posso ajudar?' });
    expect(sent.statusCode).toBe(201);
    const [stored] = await e.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, sent.json().id as string));
    const externalId = stored!.externalId!;

    // Meta's failed status (status-webhooks.json), for this number, message and customer.
    const webhook = structuredClone(metaFixture('status-webhooks').failedReEngagement) as {
      entry: {
        id: string;
        changes: { value: { metadata: Record<string, string>; statuses: Record<string, string>[] } }[];
      }[];
    };
    const value = webhook.entry[0]!.changes[0]!.value;
    webhook.entry[0]!.id = `20${display}`;
    value.metadata = { display_phone_number: display, phone_number_id: phoneNumberId };
    Object.assign(value.statuses[0]!, {
      id: externalId,
      recipient_id: waId,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
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
    const sentMessage = async () =>
      (await e.t.database.db.select().from(messages).where(eq(messages.externalId, externalId)))[0];
    await waitFor(
      async () => (await windowOf(convId)).open === false && (await sentMessage())?.status === 'failed',
      'the window closed and the message failed by the failed status',
    );
    expect(await windowOf(convId)).toMatchObject({ applies: true, closedByMeta: true });
    const after = await sentMessage();
    expect(after).toMatchObject({ status: 'failed', error: expect.stringContaining('24 horas') });
    expect((await owner.post(`/api/conversations/${convId}/messages`, { text: 'Oi?' })).statusCode).toBe(409);
  });
});
