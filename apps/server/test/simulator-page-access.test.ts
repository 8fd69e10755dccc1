/**
 * The simulator's page API is nobody's back door (docs/decisions/022-fakes-apart-and-simulator-access.md):
 * signed out, every route answers 401 before reading its input; signed in, a person sees and acts on
 * their own numbers and chats only (another account's are 404, like ones that do not exist). The
 * Evolution-compatible REST API keeps its apikey.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../src/db/schema/index.ts';
import { gatewayWebhookConfig } from '../src/integrations/gateway/index.ts';
import { listRoutes } from '../src/plugins/origin-guard.ts';
import {
  createListeningTestApp,
  type ListeningTestApp,
  simulatorPage,
  userWithNumber,
  waitFor,
} from './helpers/gateway-helpers.ts';
import { SESSION_COOKIE } from './helpers/test-app.ts';

let t: ListeningTestApp;
type Person = Awaited<ReturnType<typeof userWithNumber>>;
let ana: Person;
let bruno: Person;
/** Ana's connected number, one chat with an image in it. */
let chatId: string;
let mediaUrl: string;

/** A concrete URL for a route pattern: ids are uuids, other parameters plain words. */
const concreteUrl = (pattern: string) => pattern.replace(/:(id|chatId)\b/g, randomUUID()).replace(/:\w+/g, 'exemplo');

async function connect(p: Person) {
  const { number } = p;
  const created = await t.app.deps.gateway.createInstance({
    instanceName: number.instanceName,
    ...gatewayWebhookConfig(t.env, number),
  });
  const code = new URL(created.qr!.code!).searchParams.get('code')!;
  const res = await simulatorPage(p.client)('POST', `/instances/${number.instanceName}/approve`, {
    code,
    phone: number.phone,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createListeningTestApp();
  [ana, bruno] = [await userWithNumber(t), await userWithNumber(t)];
  await connect(ana);
  await t.app.deps.gateway.createInstance({
    instanceName: bruno.number.instanceName,
    ...gatewayWebhookConfig(t.env, bruno.number),
  });
  const sent = await simulatorPage(ana.client)('POST', `/instances/${ana.number.instanceName}/messages`, {
    customer: { phone: '5511977771111', name: 'Carla Dias' },
    message: { type: 'image', base64: Buffer.from('foto-do-bolo').toString('base64'), mimetype: 'image/jpeg' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  chatId = sent.json().chatId;
  const chat = await simulatorPage(ana.client)('GET', `/instances/${ana.number.instanceName}/chats/${chatId}`);
  mediaUrl = chat.json().messages[0].media.url;
});
afterAll(async () => {
  await t?.close();
});

describe('signed out', () => {
  const uiRoutes = () => listRoutes(t.app).filter((r) => r.url.startsWith('/simulator/ui-api/') && r.method !== 'HEAD');

  it('the walk sees every page route (so the loop is not vacuous)', () => {
    const routes = uiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /simulator/ui-api/instances',
        'GET /simulator/ui-api/instances/:name',
        'POST /simulator/ui-api/instances/:name/approve',
        'POST /simulator/ui-api/instances/:name/disconnect',
        'GET /simulator/ui-api/instances/:name/chats',
        'GET /simulator/ui-api/instances/:name/chats/:chatId',
        'POST /simulator/ui-api/instances/:name/messages',
        'GET /simulator/ui-api/media/:id',
      ]),
    );
  });

  it('every page route answers 401 in Portuguese, with no cookie or a made-up one, before reading the input', async () => {
    for (const route of uiRoutes()) {
      for (const cookie of [undefined, `${SESSION_COOKIE}=inventado.assinatura`]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: cookie ? { cookie } : {},
          ...(route.method === 'POST' ? { payload: { qualquer: 'coisa' } } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Usuário não autenticado' });
      }
    }
    // Real names and ids change nothing: no list, no approve code, no chat, no media.
    for (const url of [
      `/simulator/ui-api/instances/${ana.number.instanceName}`,
      `/simulator/ui-api/instances/${ana.number.instanceName}/chats/${chatId}`,
      mediaUrl,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('a signed-out person cannot write as a customer or cut the connection', async () => {
    const write = await t.app.inject({
      method: 'POST',
      url: `/simulator/ui-api/instances/${ana.number.instanceName}/messages`,
      payload: { customer: { phone: '5511977772222', name: 'Intruso' }, message: { type: 'text', text: 'Oi' } },
    });
    expect(write.statusCode).toBe(401);
    const cut = await t.app.inject({
      method: 'POST',
      url: `/simulator/ui-api/instances/${ana.number.instanceName}/disconnect`,
    });
    expect(cut.statusCode).toBe(401);
    const chats = await simulatorPage(ana.client)('GET', `/instances/${ana.number.instanceName}/chats`);
    expect(chats.json().map((c: { phone: string }) => c.phone)).toEqual(['5511977771111']);
    expect((await simulatorPage(ana.client)('GET', `/instances/${ana.number.instanceName}`)).json().state).toBe('open');
  });
});

describe('signed in: only the account’s own numbers and chats', () => {
  it('the list shows each person their own connections, with the approve code only to the owner', async () => {
    const anaList = (await simulatorPage(ana.client)('GET', '/instances')).json() as { name: string }[];
    expect(anaList.map((i) => i.name)).toEqual([ana.number.instanceName]);
    const brunoList = (await simulatorPage(bruno.client)('GET', '/instances')).json() as {
      name: string;
      qr: { approveCode: string } | null;
    }[];
    expect(brunoList.map((i) => i.name)).toEqual([bruno.number.instanceName]);
    expect(brunoList[0]!.qr?.approveCode).toBeTruthy();
  });

  it('another account’s connection, chat and media are 404, and nothing changes', async () => {
    const asBruno = simulatorPage(bruno.client);
    const name = ana.number.instanceName;
    const attempts = [
      asBruno('GET', `/instances/${name}`),
      asBruno('POST', `/instances/${name}/approve`, { code: 'ABCD-1234', phone: '5511912345678' }),
      asBruno('POST', `/instances/${name}/disconnect`),
      asBruno('GET', `/instances/${name}/chats`),
      asBruno('GET', `/instances/${name}/chats/${chatId}`),
      asBruno('POST', `/instances/${name}/messages`, {
        customer: { phone: '5511977773333', name: 'Bruno' },
        message: { type: 'text', text: 'Quero falar com a IA de graça' },
      }),
      bruno.client.get(mediaUrl),
      // Bruno's own number with Ana's chat id: still not found.
      asBruno('GET', `/instances/${bruno.number.instanceName}/chats/${chatId}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Same answer as a connection that does not exist at all: no oracle.
    const unknown = await asBruno('GET', '/instances/nao-existe');
    const foreign = await asBruno('GET', `/instances/${name}`);
    expect(foreign.json()).toEqual(unknown.json());
    // Ana's side is untouched: still open, one chat, one message, the media still hers.
    const view = await simulatorPage(ana.client)('GET', `/instances/${name}`);
    expect(view.json()).toMatchObject({ state: 'open', chats: 1 });
    const chat = await simulatorPage(ana.client)('GET', `/instances/${name}/chats/${chatId}`);
    expect(chat.json().messages).toHaveLength(1);
    expect((await ana.client.get(mediaUrl)).statusCode).toBe(200);
  });

  it('a number that changes hands follows its owner (ownership is read on every request)', async () => {
    await t.database.db.update(numbers).set({ userId: bruno.userId }).where(eq(numbers.id, ana.number.id));
    try {
      expect((await simulatorPage(ana.client)('GET', `/instances/${ana.number.instanceName}`)).statusCode).toBe(404);
      expect((await simulatorPage(bruno.client)('GET', `/instances/${ana.number.instanceName}`)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(numbers).set({ userId: ana.userId }).where(eq(numbers.id, ana.number.id));
    }
  });
});

describe('the Evolution-compatible REST API keeps its apikey', () => {
  it('without the key it is 401; with it, the gateway still connects and sends', async () => {
    const res = await fetch(`${t.baseUrl}/simulator/api/instance/fetchInstances`);
    expect(res.status).toBe(401);
    await waitFor(async () => (await t.app.deps.gateway.connectionState(ana.number.instanceName)) === 'open', {
      what: 'open',
    });
  });
});
