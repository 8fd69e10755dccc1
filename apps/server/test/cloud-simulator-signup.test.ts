/**
 * The simulator's WhatsApp Cloud API stand-in and Meta's Embedded Signup
 * (docs/decisions/036-cloud-signup-window-pacing.md): the page approves the signup, the app exchanges the code for a
 * token, subscribes to the WABA and stores the number connected with its quality rating and messaging
 * limit; a customer writes on the page (a signed webhook), the AI answers through the Graph-compatible
 * fake; the fake's Graph surface refuses foreign tokens and serves the templates and queued errors.
 */
import { simBsuidOf } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agentes, conversations, numbers } from '../src/db/schema/index.ts';
import { openSecret, parseSecretKey } from '../src/lib/secret-box.ts';
import { startEngineApp, type EngineApp } from './helpers/engine-harness.ts';
import { waitFor } from './helpers/gateway-helpers.ts';
import { errorOf, type GraphReply, metaFixture } from './helpers/meta-fixtures.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';

let e: EngineApp;
let owner: TestClient;
let userId: string;
const display = `55119${Date.now().toString().slice(-8)}`;
const phoneNumberId = `10${display}`;

beforeAll(async () => {
  e = await startEngineApp();
  owner = e.t.client();
  const reg = await owner.register(newPerson());
  expect(reg.statusCode).toBe(201);
  userId = reg.json().user.id as string;
  await e.t.database.db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna, da Loja Sol. Responda em português.', timing: 0 });
});
afterAll(async () => {
  await e?.close();
});

async function approveSignup(): Promise<string> {
  const res = await owner.post('/simulator/ui-api/cloud/signup', { phone: display, name: 'Loja Sol', state: 'S123' });
  expect(res.statusCode).toBe(200);
  const redirect = new URL(res.json().redirect as string, 'http://x');
  expect(redirect.pathname).toBe('/connect/whatsapp/callback');
  expect(redirect.searchParams.get('state')).toBe('S123');
  return redirect.searchParams.get('code')!;
}

it('the simulator is the Graph API when no Meta app is configured', () => {
  expect(e.t.env.metaSimulated).toBe(true);
  expect(e.t.env.META_GRAPH_URL).toBe(`${e.baseUrl}/simulator/graph`);
  expect(e.t.env.META_APP_SECRET).toMatch(/^[0-9a-f]{64}$/);
});

it('connects a number through the Embedded Signup, and a used code is refused', async () => {
  expect(
    (await e.t.client().post('/simulator/ui-api/cloud/signup', { phone: display, name: 'X', state: 's' })).statusCode,
  ).toBe(401);
  const code = await approveSignup();
  const res = await owner.post('/api/numbers/cloud', { code });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    phone: display,
    status: 'CONECTADO',
    provider: 'cloud',
    apelido: 'Loja Sol',
    quality_rating: 'GREEN',
    messaging_limit: 'TIER_1K',
    agente_nome: 'Luna',
  });
  const [row] = await e.t.database.db.select().from(numbers).where(eq(numbers.phone, display));
  expect(row).toMatchObject({ cloudPhoneNumberId: phoneNumberId, cloudWabaId: `20${display}` });
  // The token is stored sealed, never plain.
  expect(row!.cloudTokenSealed).toMatch(/^v1\./);
  expect(openSecret(parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!), row!.cloudTokenSealed!)).toMatch(/^EAAsim/);

  // Registered with a six-digit two-step verification PIN, shown this once and stored sealed.
  const pin = res.json().two_step_pin as string;
  expect(pin).toMatch(/^\d{6}$/);
  expect(row!.cloudPinSealed).toMatch(/^v1\./);
  expect(openSecret(parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!), row!.cloudPinSealed!)).toBe(pin);
  expect((await owner.get('/api/numbers')).body).not.toContain(pin);

  // A code used twice is the owner's to redo: a 400 in Portuguese, not a server error.
  const again = await owner.post('/api/numbers/cloud', { code });
  expect(again.statusCode).toBe(400);
  expect(again.json().error.message).toMatch(/já foi usado ou expirou\. Comece a conexão de novo/);
  expect((await owner.post('/api/numbers/cloud', {})).statusCode).toBe(400);
});

it('a customer writes on the page, the AI answers through the Cloud fake', async () => {
  const sent = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId: '5511977776666',
    name: 'Marina',
    text: 'Oi! Vocês abrem amanhã?',
  });
  expect(sent.statusCode).toBe(201);
  const answer = await waitFor(
    async () => {
      const list = (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).json() as {
        fromMe: boolean;
        text: string;
        status: string;
      }[];
      return list.find((m) => m.fromMe && m.status === 'delivered') ?? null;
    },
    { what: 'the AI answer delivered on the fake', timeoutMs: 20_000 },
  );
  expect(answer.text).toMatch(/Resposta da IA/);
  const [conv] = await e.t.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.contactJid, '5511977776666@s.whatsapp.net'));
  expect(conv!.customerLastAt).toBeInstanceOf(Date);
  expect(conv!.contactName).toBe('Marina');
  // Another account sees none of it.
  const stranger = e.t.client();
  await stranger.register(newPerson());
  expect((await stranger.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).statusCode).toBe(404);
});

it('a customer with a username and the phone hidden writes on the page: known by the BSUID, answered through it', async () => {
  const bsuid = simBsuidOf('5511977775555');
  expect(bsuid).toMatch(/^BR\.\d+$/);
  const sent = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId: '5511977775555',
    username: 'marina.doces',
    text: 'Oi! Tem bolo de pote?',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  expect(sent.json().waId).toBe(bsuid);
  const answer = await waitFor(
    async () => {
      const list = (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).json() as {
        waId: string;
        fromMe: boolean;
        status: string;
      }[];
      return list.find((m) => m.fromMe && m.waId === bsuid && m.status === 'delivered') ?? null;
    },
    { what: 'the AI answer delivered to the BSUID on the fake', timeoutMs: 20_000 },
  );
  expect(answer).toBeTruthy();
  const [conv] = await e.t.database.db.select().from(conversations).where(eq(conversations.contactJid, bsuid));
  expect(conv).toMatchObject({ contactPhone: null, contactUserId: bsuid, contactUsername: 'marina.doces' });
  // A username the simulator (like WhatsApp) would not take: a Portuguese 400.
  const bad = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId: '5511977775555',
    username: 'a b',
    text: 'Oi',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.body).toContain('Nome de usuário inválido');
});

it('the fake Graph surface: foreign tokens, templates and queued errors', async () => {
  const graph = `${e.baseUrl}/simulator/graph/${e.t.env.META_GRAPH_VERSION}`;
  const bad = await fetch(`${graph}/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: 'Bearer EAAforged', 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511977776666', type: 'text', text: { body: 'x' } }),
  });
  expect(bad.status).toBe(401);
  expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(190);

  const [row] = await e.t.database.db.select().from(numbers).where(eq(numbers.phone, display));
  const token = openSecret(parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!), row!.cloudTokenSealed!);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const templates = (await (await fetch(`${graph}/20${display}/message_templates`, { headers: auth })).json()) as {
    data: { name: string; category: string }[];
  };
  expect(templates.data.map((t) => t.category)).toEqual(['UTILITY', 'MARKETING']);

  const queued = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/errors`, {
    kind: 'pair-rate',
    count: 1,
  });
  expect(queued.json().pendingErrors).toBe(1);
  const send = () =>
    fetch(`${graph}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511977776666', type: 'text', text: { body: 'oi' } }),
    });
  const refused = await send();
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(131056);
  expect((await send()).status).toBe(200);
});

it("the stand-in is as strict as Meta: no sends before registration, the PIN's rules (fixtures)", async () => {
  const sendErrors = metaFixture<Record<string, GraphReply>>('send-errors');
  const register = metaFixture<Record<string, GraphReply> & { request: { pin: string } }>('register');
  const graph = `${e.baseUrl}/simulator/graph/${e.t.env.META_GRAPH_VERSION}`;
  const other = `55219${Date.now().toString().slice(-8)}`;
  const signup = await owner.post('/simulator/ui-api/cloud/signup', { phone: other, name: 'Loja Lua', state: 'S' });
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code')!;
  // The app's own exchange, done by hand: a token for a number nobody registered.
  const exchange = await fetch(
    `${graph}/oauth/access_token?${new URLSearchParams({ client_id: e.t.env.META_APP_ID!, client_secret: e.t.env.META_APP_SECRET!, code })}`,
  );
  const token = ((await exchange.json()) as { access_token: string }).access_token;
  const used = await fetch(
    `${graph}/oauth/access_token?${new URLSearchParams({ client_id: e.t.env.META_APP_ID!, client_secret: e.t.env.META_APP_SECRET!, code })}`,
  );
  expect(used.status).toBe(400);
  expect(((await used.json()) as { error: { code: number } }).error.code).toBe(
    errorOf(metaFixture<Record<string, GraphReply>>('oauth').codeUsed!).code,
  );

  const post = (path: string, body: unknown) =>
    fetch(`${graph}/10${other}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const text = { messaging_product: 'whatsapp', to: '5511977776666', type: 'text', text: { body: 'oi' } };
  const expectRefusal = async (res: Response, fixture: GraphReply) => {
    expect(res.status).toBe(fixture.status);
    const error = ((await res.json()) as { error: ReturnType<typeof errorOf> }).error;
    expect(error).toMatchObject({
      code: errorOf(fixture).code,
      message: errorOf(fixture).message,
      type: 'OAuthException',
    });
    if (errorOf(fixture).error_data?.details)
      expect(error.error_data?.details).toBe(errorOf(fixture).error_data?.details);
  };

  await expectRefusal(await post('/messages', text), sendErrors.notRegistered!);
  await expectRefusal(await post('/register', { messaging_product: 'whatsapp', pin: '12ab' }), register.invalidPin!);
  expect((await post('/register', { pin: '123456' })).status).toBe(400);
  expect((await post('/register', { messaging_product: 'whatsapp', pin: register.request.pin })).status).toBe(200);
  await expectRefusal(await post('/register', { messaging_product: 'whatsapp', pin: '000111' }), register.pinMismatch!);
  // Two-step verification: a new PIN set, then registering with it works.
  expect((await post('', { pin: '000111' })).status).toBe(200);
  expect((await post('/register', { messaging_product: 'whatsapp', pin: '000111' })).status).toBe(200);
  const sent = await post('/messages', text);
  expect(sent.status).toBe(200);
  expect(((await sent.json()) as { messages: { id: string }[] }).messages[0]!.id).toMatch(/^wamid\./);
});

it('the stand-in refuses free text past 24 h with #131047, as Meta (fixture), and still takes a template', async () => {
  const reEngagement = metaFixture<Record<string, GraphReply>>('send-errors').reEngagement!;
  const graph = `${e.baseUrl}/simulator/graph/${e.t.env.META_GRAPH_VERSION}`;
  const [row] = await e.t.database.db.select().from(numbers).where(eq(numbers.phone, display));
  const token = openSecret(parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!), row!.cloudTokenSealed!);
  const waId = '5511977775555';
  const send = (body: Record<string, unknown>) =>
    fetch(`${graph}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: waId, ...body }),
    });
  const text = { type: 'text', text: { body: 'Oi de novo' } };
  const written = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
    waId,
    name: 'Rita',
    text: 'Oi',
  });
  expect(written.statusCode).toBe(201);
  expect((await send(text)).status).toBe(200);

  // A day and an hour later, by the stand-in's clock.
  const aged = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/age`, { waId, hours: 25 });
  expect(aged.statusCode).toBe(200);
  const refused = await send(text);
  expect(refused.status).toBe(reEngagement.status);
  const error = ((await refused.json()) as { error: ReturnType<typeof errorOf> }).error;
  expect(error).toMatchObject({
    code: errorOf(reEngagement).code,
    message: errorOf(reEngagement).message,
    type: 'OAuthException',
    error_data: { messaging_product: 'whatsapp', details: errorOf(reEngagement).error_data!.details },
  });
  const template = await send({
    type: 'template',
    template: {
      name: 'retomar_atendimento',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Rita' }] }],
    },
  });
  expect(template.status).toBe(200);

  // The customer writes again: free text goes.
  await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, { waId, name: 'Rita', text: 'Oi!' });
  expect((await send(text)).status).toBe(200);
});

it('the stand-in pages its templates and refuses parameters that do not match, as Meta (fixtures)', async () => {
  const sendErrors = metaFixture<Record<string, GraphReply>>('send-errors');
  const graph = `${e.baseUrl}/simulator/graph/${e.t.env.META_GRAPH_VERSION}`;
  const [row] = await e.t.database.db.select().from(numbers).where(eq(numbers.phone, display));
  const token = openSecret(parseSecretKey(e.t.env.META_TOKEN_ENCRYPTION_KEY!), row!.cloudTokenSealed!);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  type Page = { data: { name: string }[]; paging: { cursors: { after: string }; next?: string } };
  const names: string[] = [];
  let after = '';
  for (let i = 0; i < 10; i++) {
    const page = (await (
      await fetch(`${graph}/20${display}/message_templates?${after ? `after=${after}` : ''}`, { headers: auth })
    ).json()) as Page;
    names.push(...page.data.map((t) => t.name));
    if (!page.paging.next) break;
    after = page.paging.cursors.after;
  }
  expect(names).toEqual([
    'retomar_atendimento',
    'oferta_da_semana',
    'pedido_enviado',
    'promo_nome',
    'lembrete_horario',
  ]);

  // The customer writes, so only the template's parameters are at stake.
  const waId = '5511977774444';
  await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, { waId, name: 'Lia', text: 'Oi' });
  const send = (template: Record<string, unknown>) =>
    fetch(`${graph}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ messaging_product: 'whatsapp', to: waId, type: 'template', template }),
    });
  const expectRefusal = async (res: Response, fixture: GraphReply) => {
    expect(res.status).toBe(fixture.status);
    const error = ((await res.json()) as { error: ReturnType<typeof errorOf> }).error;
    expect(error).toMatchObject({ code: errorOf(fixture).code, message: errorOf(fixture).message });
    expect(error.error_data?.details).toContain(errorOf(fixture).error_data!.details!);
  };
  const language = { code: 'pt_BR' };
  const body = (...texts: string[]) => ({ type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) });
  // pedido_enviado: the header's variable and the URL button's are missing.
  await expectRefusal(
    await send({ name: 'pedido_enviado', language, components: [body('Lia', '18h')] }),
    sendErrors.templateParamCount!,
  );
  await expectRefusal(
    await send({ name: 'retomar_atendimento', language, components: [body('Lia', 'demais')] }),
    sendErrors.templateParamCount!,
  );
  // promo_nome is NAMED: parameters without their names are refused; an image header needs an image.
  const image = { type: 'header', parameters: [{ type: 'image', image: { link: 'https://loja.example/b.jpg' } }] };
  await expectRefusal(
    await send({ name: 'promo_nome', language, components: [image, body('Lia', 'O bolo')] }),
    sendErrors.templateParamFormat!,
  );
  const namedBody = {
    type: 'body',
    parameters: [
      { type: 'text', parameter_name: 'first_name', text: 'Lia' },
      { type: 'text', parameter_name: 'produto', text: 'O bolo' },
    ],
  };
  await expectRefusal(
    await send({
      name: 'promo_nome',
      language,
      components: [{ type: 'header', parameters: [{ type: 'text', text: 'x' }] }, namedBody],
    }),
    sendErrors.templateParamFormat!,
  );
  // The fixture's own requests are accepted.
  const fixtures = metaFixture<{ send: Record<string, { template: Record<string, unknown> }> }>('templates').send;
  const named = await send({ ...fixtures.named!.template });
  expect(named.status).toBe(200);
  expect((await send({ ...fixtures.positional!.template })).status).toBe(200);
  const chat = (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).json() as {
    waId: string;
    text: string;
  }[];
  expect(chat.filter((m) => m.waId === waId).map((m) => m.text)).toContain(
    'Oi, Marina! O bolo de cenoura está com desconto esta semana.',
  );
});
