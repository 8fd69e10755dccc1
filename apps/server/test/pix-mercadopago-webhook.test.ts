/**
 * A Mercado Pago notification at /webhooks/pix/:webhookId, over HTTP (docs/decisions/050-upload-and-model-call-limits.md):
 * its x-signature is an HMAC of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the application's
 * secret, and `ts` must be close to our clock, so a captured notification replayed later is refused
 * (https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/notifications, "validate the
 * origin"; the SDKs' tolerance check: https://github.com/mercadopago/sdk-nodejs/issues/458). The charge
 * is re-read from Mercado Pago's GET /v1/payments/{id}, replayed from the fixture. PGlite and PostgreSQL.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { PIX_MESSAGES } from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixAccounts, pixEvents } from '../src/db/schema/index.ts';
import { MERCADO_PAGO_SIGNATURE_TOLERANCE_S, mercadoPagoManifest } from '../src/integrations/pix/mercadopago-pix.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { pixSealKey } from '../src/modules/pix/pix-deps.ts';
import mp from './fixtures/pix/mercadopago.json' with { type: 'json' };
import { type FixtureServer, startFixtureServer } from './helpers/pix-fixture-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { signedIn } from './helpers/number-helpers.ts';

const SECRET = 'segredo-da-aplicacao-mp';
let t: TestApp;
let mercadoPago: FixtureServer;

beforeAll(async () => {
  mercadoPago = await startFixtureServer((req) =>
    req.method === 'GET' && req.path.startsWith('/v1/payments/') ? { body: mp.payment } : { status: 404, body: {} },
  );
  t = await createTestApp({ env: { PIX_MERCADOPAGO_URL: mercadoPago.url } });
});
afterAll(async () => {
  await t?.close();
  await mercadoPago?.close();
});

/** An account whose Pix is Mercado Pago, with the application's signing secret saved. */
async function mercadoPagoAccount(): Promise<string> {
  const { userId } = await signedIn(t);
  const webhookId = randomBytes(16).toString('hex');
  const key = pixSealKey(t.env);
  await t.database.db.insert(pixAccounts).values({
    userId,
    provider: 'mercadopago',
    apiKeySealed: sealSecret(key, 'APP_USR-token-de-teste'),
    keyHint: '…este',
    webhookId,
    webhookSecretSealed: sealSecret(key, SECRET),
  });
  return webhookId;
}

const { headers, query, body } = mp.notification;
const notify = (webhookId: string, ts: string) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/pix/${webhookId}?data.id=${query['data.id']}&type=payment`,
    headers: {
      ...headers,
      'x-signature': `ts=${ts},v1=${createHmac('sha256', SECRET)
        .update(mercadoPagoManifest({ dataId: query['data.id'], requestId: headers['x-request-id'], ts }))
        .digest('hex')}`,
    },
    payload: body,
  });

describe('Mercado Pago notifications', () => {
  it('a correctly signed notification whose ts is older than the tolerance is refused (401) and nothing is stored', async () => {
    const webhookId = await mercadoPagoAccount();
    const before = (await t.database.db.select().from(pixEvents)).length;
    const old = String(Math.floor(Date.now() / 1000) - MERCADO_PAGO_SIGNATURE_TOLERANCE_S - 60);
    const replayed = await notify(webhookId, old);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.message).toBe(PIX_MESSAGES.badWebhook);
    expect((await t.database.db.select().from(pixEvents)).length).toBe(before);
    expect(mercadoPago.requests).toHaveLength(0);

    // The same notification signed now is taken, and the charge re-read from Mercado Pago.
    const fresh = await notify(webhookId, String(Math.floor(Date.now() / 1000)));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await t.database.db.select().from(pixEvents)).length).toBe(before + 1);
    expect(mercadoPago.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/payments/${query['data.id']}`]);
    expect(mercadoPago.requests[0]!.headers.authorization).toBe('Bearer APP_USR-token-de-teste');
  });
});
