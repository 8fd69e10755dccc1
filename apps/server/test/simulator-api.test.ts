/**
 * The simulator's Evolution-compatible REST surface and its webhook delivery, over real HTTP:
 * auth and guard order, the error envelope, create/fetchInstances/webhook set-find, and webhooks with
 * byEvents, custom headers, base64 and event filters, received by an HTTP server on 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { simInstances } from '../src/db/schema/index.ts';
import { simulatorApiKey } from '../src/simulator/simulator-config.ts';
import { createSimulator } from '../src/simulator/simulator.ts';
import {
  type CaptureServer,
  createListeningTestApp,
  insertNumber,
  type ListeningTestApp,
  simulatorPage,
  startCaptureServer,
  userWithNumber,
} from './helpers/gateway-helpers.ts';
import { newPerson, TEST_ORIGIN, TestClient } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

let t: ListeningTestApp;
let capture: CaptureServer;
let key: string;
/** A signed-in person: the simulator page plays the phone of their own numbers only. */
let owner: Awaited<ReturnType<typeof userWithNumber>>;
beforeAll(async () => {
  t = await createListeningTestApp();
  capture = await startCaptureServer();
  key = simulatorApiKey(t.env);
  owner = await userWithNumber(t);
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

let n = 0;
const newName = () => `simtest${Date.now().toString(36)}${++n}`;

async function api(method: string, route: string, opts: { body?: unknown; apikey?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const apikey = opts.apikey === undefined ? key : opts.apikey;
  if (apikey !== null) headers.apikey = apikey;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}/simulator/api${route}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const create = (name: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/instance/create', { body: { instanceName: name, integration: 'WHATSAPP-BAILEYS', ...extra } });

describe('auth, guard order and errors', () => {
  it('GET / describes the server as Evolution 2.3.7', async () => {
    const res = await api('GET', '/', { apikey: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, version: '2.3.7' });
  });

  it('an unknown instance is 404 before auth, in the envelope', async () => {
    const res = await api('GET', '/instance/connectionState/ninguem', { apikey: null });
    expect(res).toEqual({
      status: 404,
      body: { status: 404, error: 'Not Found', response: { message: ['The "ninguem" instance does not exist'] } },
    });
  });

  it('a known instance needs the global key or its own token', async () => {
    const a = newName();
    const b = newName();
    const created = await create(a, { token: `TOKEN-${a}` });
    expect(created.status).toBe(201);
    expect(created.body.hash).toBe(`TOKEN-${a}`);
    await create(b);
    expect(await api('GET', `/instance/connectionState/${a}`, { apikey: null })).toEqual({
      status: 401,
      body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
    });
    expect((await api('GET', `/instance/connectionState/${a}`, { apikey: 'wrong' })).status).toBe(401);
    expect((await api('GET', `/instance/connectionState/${a}`, { apikey: `TOKEN-${a}` })).body).toEqual({
      instance: { instanceName: a, state: 'close' },
    });
    expect((await api('GET', `/instance/connectionState/${b}`, { apikey: `TOKEN-${a}` })).status).toBe(401);
    // Create has no :instanceName: only the global key.
    expect(
      (
        await api('POST', '/instance/create', {
          apikey: `TOKEN-${a}`,
          body: { instanceName: newName(), integration: 'WHATSAPP-BAILEYS' },
        })
      ).status,
    ).toBe(401);
    // fetchInstances with an instance token lists only that instance.
    const own = await api('GET', '/instance/fetchInstances', { apikey: `TOKEN-${a}` });
    expect(own.status).toBe(200);
    expect(own.body.map((i: { name: string }) => i.name)).toEqual([a]);
  });

  it('an unknown route is 404 "Cannot METHOD /path"', async () => {
    expect(await api('POST', '/message/sendPoll/x')).toEqual({
      status: 404,
      body: { status: 404, error: 'Not Found', response: { message: ['Cannot POST /message/sendPoll/x'] } },
    });
  });
});

describe('POST /instance/create', () => {
  it('answers 201 with the create shape; the QR is a bare object only with qrcode:true', async () => {
    const plain = await create(newName());
    expect(plain.status).toBe(201);
    expect(plain.body.instance).toMatchObject({
      integration: 'WHATSAPP-BAILEYS',
      webhookWaBusiness: null,
      accessTokenWaBusiness: '',
      status: 'close',
    });
    expect(plain.body.hash).toMatch(/^[0-9A-F-]{36}$/);
    expect(plain.body).not.toHaveProperty('qrcode');
    expect(plain.body.settings).toMatchObject({ rejectCall: false, groupsIgnore: false });

    const name = newName();
    const withQr = await create(name, { qrcode: true });
    expect(withQr.body.instance.status).toBe('connecting');
    expect(withQr.body.qrcode).toEqual({
      pairingCode: null,
      code: expect.stringContaining(`/simulador/aprovar/${name}?code=`),
      base64: expect.stringMatching(/^data:image\/png;base64,/),
      count: 1,
    });
  });

  it('refuses a duplicate name (403), a bad integration (400), no name (400) and a webhook without events (400, nothing created)', async () => {
    const name = newName();
    await create(name);
    expect(await create(name)).toEqual({
      status: 403,
      body: { status: 403, error: 'Forbidden', response: { message: [`This name "${name}" is already in use.`] } },
    });
    expect((await create(newName(), { integration: 'TELEGRAM' })).body.response.message).toEqual([
      'Invalid integration',
    ]);
    expect((await api('POST', '/instance/create', { body: { integration: 'WHATSAPP-BAILEYS' } })).status).toBe(400);
    const noEvents = newName();
    const res = await create(noEvents, { webhook: { url: `${capture.url}/x` } });
    expect(res.status).toBe(400);
    expect((await api('GET', `/instance/connectionState/${noEvents}`)).status).toBe(404);
  });
});

describe('fetchInstances and webhook set/find', () => {
  it('lists raw instance rows; filters by instanceName; 404 for an unknown one', async () => {
    const name = newName();
    await create(name);
    const all = await api('GET', '/instance/fetchInstances');
    expect(all.body.some((i: { name: string }) => i.name === name)).toBe(true);
    const one = await api('GET', `/instance/fetchInstances?instanceName=${name}`);
    expect(one.body).toHaveLength(1);
    expect(one.body[0]).toMatchObject({
      name,
      connectionStatus: 'close',
      ownerJid: null,
      integration: 'WHATSAPP-BAILEYS',
      _count: { Message: 0, Contact: 0, Chat: 0 },
    });
    expect(one.body[0]).toHaveProperty('Setting');
    expect(one.body[0]).not.toHaveProperty('webhook');
    expect(await api('GET', '/instance/fetchInstances?instanceName=nada')).toMatchObject({
      status: 404,
      body: { response: { message: ['Instance "nada" not found'] } },
    });
  });

  it('sets the wrapped webhook config and finds it; enabled without events is a 500', async () => {
    const name = newName();
    await create(name);
    expect((await api('GET', `/webhook/find/${name}`)).body).toBeNull();
    const set = await api('POST', `/webhook/set/${name}`, {
      body: {
        webhook: {
          enabled: true,
          url: `${capture.url}/w`,
          headers: { 'x-a': 'b' },
          byEvents: true,
          base64: true,
          events: ['MESSAGES_UPSERT'],
        },
      },
    });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({
      url: `${capture.url}/w`,
      headers: { 'x-a': 'b' },
      enabled: true,
      events: ['MESSAGES_UPSERT'],
      webhookByEvents: true,
      webhookBase64: true,
    });
    expect((await api('GET', `/webhook/find/${name}`)).body).toMatchObject({
      url: `${capture.url}/w`,
      events: ['MESSAGES_UPSERT'],
    });
    expect(
      (await api('POST', `/webhook/set/${name}`, { body: { webhook: { enabled: true, url: `${capture.url}/w` } } }))
        .status,
    ).toBe(500);
    expect(
      (await api('POST', `/webhook/set/${name}`, { body: { url: `${capture.url}/w`, enabled: true, events: [] } }))
        .status,
    ).toBe(400);
    const off = await api('POST', `/webhook/set/${name}`, {
      body: { webhook: { enabled: false, url: `${capture.url}/w`, events: ['MESSAGES_UPSERT'] } },
    });
    expect(off.body).toMatchObject({ enabled: false, events: [] });
  });
});

describe('webhook delivery', () => {
  it('posts the envelope to url/<event-slug> with the custom headers, only for subscribed events', async () => {
    const name = newName();
    const before = capture.requests.length;
    const res = await create(name, {
      qrcode: true,
      token: `TOK-${name}`,
      webhook: {
        url: `${capture.url}/hook/${name}`,
        byEvents: true,
        base64: false,
        headers: { 'x-custom': 'sim' },
        events: ['QRCODE_UPDATED', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT'],
      },
    });
    expect(res.status).toBe(201);
    const qr = await capture.waitFor((r) => r.path === `/hook/${name}/qrcode-updated`);
    expect(qr.method).toBe('POST');
    expect(qr.headers['x-custom']).toBe('sim');
    expect(qr.headers['content-type']).toMatch(/application\/json/);
    expect(qr.body).toEqual({
      event: 'qrcode.updated',
      instance: name,
      data: {
        qrcode: { instance: name, pairingCode: null, code: res.body.qrcode.code, base64: res.body.qrcode.base64 },
      },
      destination: `${capture.url}/hook/${name}`,
      date_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      server_url: `${t.baseUrl}/simulator/api`,
      apikey: `TOK-${name}`,
    });
    const connecting = await capture.waitFor((r) => r.path === `/hook/${name}/connection-update`);
    expect(connecting.body).toMatchObject({
      event: 'connection.update',
      data: { instance: name, state: 'connecting' },
    });

    // Approve on the page (the instance is the owner's number): connecting (515 restart) then open with the wuid.
    await insertNumber(t.database.db, owner.userId, { instanceName: name });
    const ui = simulatorPage(owner.client);
    const code = new URL(res.body.qrcode.code).searchParams.get('code');
    const approve = await ui('POST', `/instances/${name}/approve`, { code, phone: '5511912345678' });
    expect(approve.statusCode).toBe(200);
    const open = await capture.waitFor(
      (r) =>
        r.path === `/hook/${name}/connection-update` && (r.body as { data: { state: string } }).data.state === 'open',
    );
    expect(open.body).toMatchObject({
      sender: '5511912345678@s.whatsapp.net',
      data: { instance: name, wuid: '5511912345678@s.whatsapp.net', state: 'open', statusReason: 200 },
    });

    // An image with base64 off: no message.base64.
    const image = await ui('POST', `/instances/${name}/messages`, {
      customer: { phone: '5511987650000', name: 'Iara' },
      message: { type: 'image', base64: Buffer.from('fake-jpeg').toString('base64'), mimetype: 'image/jpeg' },
    });
    expect(image.statusCode).toBe(201);
    const upsert = await capture.waitFor((r) => r.path === `/hook/${name}/messages-upsert`);
    expect((upsert.body as { data: { message: Record<string, unknown> } }).data.message.imageMessage).toBeTruthy();
    expect((upsert.body as { data: { message: Record<string, unknown> } }).data.message.base64).toBeUndefined();

    // sendText emits send.message, which this webhook did not subscribe to; neither instance.create nor contacts.*.
    await api('POST', `/message/sendText/${name}`, { body: { number: '5511987650000', text: 'Olá Iara' } });
    // A fence: an event this webhook does take. First attempts of one instance go out in order, so any
    // webhook queued by the sendText above has reached the receiver before this one.
    await ui('POST', `/instances/${name}/messages`, {
      customer: { phone: '5511987650000', name: 'Iara' },
      message: { type: 'text', text: 'cerca' },
    });
    await capture.waitFor(
      (r) =>
        r.path === `/hook/${name}/messages-upsert` &&
        (r.body as { data: { message: { conversation?: string } } }).data.message.conversation === 'cerca',
    );
    const mine = capture.requests.slice(before).filter((r) => r.path.startsWith(`/hook/${name}/`));
    expect(new Set(mine.map((r) => r.path.split('/').at(-1)))).toEqual(
      new Set(['qrcode-updated', 'connection-update', 'messages-upsert']),
    );
  });

  it('does not retry a 404 from the receiver', async () => {
    const name = newName();
    capture.respond = (req) => (req.path.startsWith(`/gone/${name}`) ? 404 : 200);
    // A simulator of its own, to read what its dispatcher decided: a retry is always logged when it is
    // scheduled (5 s later at the earliest), a refusal ends the delivery.
    const logged: { msg: string; status?: number }[] = [];
    const record = (obj: object, msg: string) => logged.push({ ...obj, msg });
    const sim = createSimulator({ db: t.database.db, env: t.env, log: { info: record, warn: record, error: record } });
    try {
      await sim.createInstance({
        instanceName: name,
        integration: 'WHATSAPP-BAILEYS',
        qrcode: true,
        webhook: { url: `${capture.url}/gone/${name}`, events: ['QRCODE_UPDATED'] },
      });
      await sim.settled();
      expect(capture.requests.filter((r) => r.path === `/gone/${name}`)).toHaveLength(1);
      const deliveries = logged.filter((l) => l.msg.startsWith('simulator webhook'));
      expect(deliveries).toEqual([
        expect.objectContaining({ msg: 'simulator webhook refused (not retried)', status: 404 }),
      ]);
    } finally {
      sim.close();
      capture.respond = 200;
    }
  });
});

/** Ages the instance's current QR past its lifetime. */
async function expireQr(name: string) {
  await t.database.db
    .update(simInstances)
    .set({ qrExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(simInstances.name, name));
}

describe('QR codes rotate like Baileys and give up at the limit', () => {
  it('draws a new QR (count + 1) when one expires, accepts the previous one for a while, refuses after the limit', async () => {
    const log = { info() {}, warn() {}, error() {} };
    const sim = createSimulator({
      db: t.database.db,
      env: t.env,
      log,
      timing: { qrTtlMs: 60_000, qrLimit: 3, qrSweepMs: 3_600_000, handshakeMs: 1 },
    });
    try {
      const name = newName();
      const hook = `${capture.url}/rot/${name}`;
      const created = (await sim.createInstance({
        instanceName: name,
        integration: 'WHATSAPP-BAILEYS',
        qrcode: true,
        webhook: { url: hook, events: [] },
      })) as { qrcode: { code: string; count: number } };
      expect(created.qrcode.count).toBe(1);
      const firstCode = new URL(created.qrcode.code).searchParams.get('code')!;
      await expireQr(name);
      await sim.sweep();
      const second = (await sim.connect(name, {})) as { code: string; count: number };
      expect(second.count).toBe(2);
      expect(second.code).not.toBe(created.qrcode.code);
      await expireQr(name);
      await sim.sweep();
      expect(((await sim.connect(name, {})) as { count: number }).count).toBe(3);
      // Two QRs later the first one is no longer accepted.
      await expect(sim.approve(name, { code: firstCode, phone: '5511912345678' })).rejects.toThrow(/expirou/);
      await expireQr(name);
      await sim.sweep();
      expect(await sim.connectionState(name)).toEqual({ instance: { instanceName: name, state: 'close' } });
      await sim.settled();
      const events = capture.requests
        .filter((r) => r.path === `/rot/${name}`)
        .map((r) => r.body as { event: string; data: Record<string, unknown> });
      expect(events.filter((e) => e.event === 'qrcode.updated')).toHaveLength(4);
      expect(events.at(-2)).toMatchObject({
        event: 'qrcode.updated',
        data: { message: 'QR code limit reached, please login again', statusCode: 500 },
      });
      expect(events.at(-1)).toMatchObject({
        event: 'connection.update',
        data: { instance: name, state: 'refused', statusReason: 428 },
      });
    } finally {
      sim.close();
    }
  });
});

describe('state survives a restart', () => {
  it('a connected instance, its chats and messages are there after the app is built again on the same database', async () => {
    const database = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-sim-restart-'));
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3999',
      TRUSTED_ORIGINS: TEST_ORIGIN,
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    });
    const simKey = simulatorApiKey(env);
    try {
      const first = await buildApp({ env, database, logger: false });
      const person = new TestClient(first);
      const userId = (await person.register(newPerson())).json().user.id as string;
      const name = newName();
      await insertNumber(database.db, userId, { instanceName: name });
      const created = await first.inject({
        method: 'POST',
        url: '/simulator/api/instance/create',
        headers: { apikey: simKey },
        payload: { instanceName: name, integration: 'WHATSAPP-BAILEYS', qrcode: true },
      });
      const code = new URL(created.json().qrcode.code).searchParams.get('code');
      const ui = simulatorPage(person);
      expect((await ui('POST', `/instances/${name}/approve`, { code, phone: '5511912345678' })).statusCode).toBe(200);
      const sent = await ui('POST', `/instances/${name}/messages`, {
        customer: { phone: '5511987650000', name: 'Iara' },
        message: { type: 'text', text: 'Ainda aí?' },
      });
      expect(sent.statusCode).toBe(201);
      await first.close();

      const second = await buildApp({ env, database, logger: false });
      try {
        const state = await second.inject({
          method: 'GET',
          url: `/simulator/api/instance/connectionState/${name}`,
          headers: { apikey: simKey },
        });
        expect(state.json()).toEqual({ instance: { instanceName: name, state: 'open' } });
        // The same browser after the restart: its session and the simulator's state are in the database.
        const again = new TestClient(second);
        for (const [k, v] of person.cookies) again.cookies.set(k, v);
        const chat = await simulatorPage(again)('GET', `/instances/${name}/chats/${sent.json().chatId}`);
        expect(chat.json().messages.map((m: { text: string }) => m.text)).toEqual(['Ainda aí?']);
      } finally {
        await second.close();
      }
    } finally {
      await database.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('turned off', () => {
  it('with EVOLUTION_API_URL set and SIMULATOR_ENABLED unset, nothing is mounted and the gateway is Evolution', async () => {
    const off = await createListeningTestApp({ EVOLUTION_API_URL: 'http://127.0.0.1:9/', EVOLUTION_API_KEY: 'k' });
    try {
      expect(off.app.deps.gateway.kind).toBe('evolution');
      expect((await off.app.inject({ method: 'GET', url: '/simulator/api/' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/simulator/ui-api/instances' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
