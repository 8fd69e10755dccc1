/**
 * The app's gateway routes by number (docs/decisions/032-cloud-api-gateway.md): a number whose provider
 * is 'cloud' is served by the Cloud API adapter with its sealed token opened, every other number by the
 * QR gateway (here the built-in simulator), through the same port.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../src/db/schema/index.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { userWithNumber } from './helpers/gateway-helpers.ts';

const KEY = randomBytes(32);
const seen: { url: string; auth: string | undefined; body: string }[] = [];
let graph: Server;
let t: TestApp;

beforeAll(async () => {
  graph = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url!, auth: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: '5511988887777', wa_id: '5511988887777' }],
          messages: [{ id: 'wamid.ROUTED' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    env: {
      META_GRAPH_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}`,
      META_GRAPH_VERSION: 'v23.0',
      META_TOKEN_ENCRYPTION_KEY: KEY.toString('hex'),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

describe('gateway routing by number', () => {
  it('sends a Cloud number through the Graph API with its opened token, and leaves QR numbers alone', async () => {
    const { number: cloud } = await userWithNumber(t);
    await t.database.db
      .update(numbers)
      .set({ provider: 'cloud', cloudPhoneNumberId: '106540352242922', cloudTokenSealed: sealSecret(KEY, 'EAAG-real') })
      .where(eq(numbers.id, cloud.id));
    const { number: qr } = await userWithNumber(t);

    const sent = await t.app.deps.gateway.sendText(cloud.instanceName, { number: '5511988887777', text: 'Olá' });
    expect(sent.key).toEqual({ remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'wamid.ROUTED' });
    expect(seen).toEqual([
      expect.objectContaining({ url: '/v23.0/106540352242922/messages', auth: 'Bearer EAAG-real' }),
    ]);
    expect(await t.app.deps.gateway.connectionState(cloud.instanceName)).toBe('open');

    // The QR number goes to the simulator (which does not know this instance): never to the Graph API.
    await t.app.deps.gateway.connectionState(qr.instanceName).catch(() => null);
    expect(seen).toHaveLength(1);
    const [row] = await t.database.db.select().from(numbers).where(eq(numbers.id, cloud.id));
    expect(row!.cloudTokenSealed).not.toContain('EAAG-real');

    // A Cloud number whose token does not open (sealed under another key) is refused, never sent elsewhere.
    const { number: broken } = await userWithNumber(t);
    await t.database.db
      .update(numbers)
      .set({ provider: 'cloud', cloudPhoneNumberId: '999', cloudTokenSealed: sealSecret(randomBytes(32), 'x') })
      .where(eq(numbers.id, broken.id));
    await expect(
      t.app.deps.gateway.sendText(broken.instanceName, { number: '5511988887777', text: 'Olá' }),
    ).rejects.toMatchObject({ outcome: 'refused', message: expect.stringContaining('token do número ilegível') });
    expect(seen).toHaveLength(1);
  });
});
