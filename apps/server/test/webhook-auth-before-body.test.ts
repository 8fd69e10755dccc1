/**
 * Webhooks cost nothing before they are authenticated (docs/decisions/026-app-plugins-and-webhook-auth.md):
 * the gateway's webhook checks instance and secret, and Stripe's the signature header's shape, before
 * any byte of the body is read; unknown instance and wrong secret answer the same 401; webhook bodies
 * are never decompressed; Stripe's body is capped small.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/index.ts';
import { STRIPE_WEBHOOK_BODY_LIMIT } from '../src/modules/billing/stripe-webhook-routes.ts';
import { signedEvent } from './helpers/billing-helpers.ts';
import { createListeningTestApp, type ListeningTestApp, userWithNumber } from './helpers/gateway-helpers.ts';
import { gatewayEvents } from '../src/db/schema/index.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

const upsert = (instance: string) => ({
  event: 'messages.upsert',
  instance,
  data: {
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: `ID${Date.now()}` },
    message: { conversation: 'Oi' },
    messageTimestamp: 1_730_000_000,
  },
});

/**
 * Sends the headers of a POST that announces `announced` bytes, then only the first chunk, and keeps
 * the rest back: resolves with the status and how long the answer took, or 'no answer' after `waitMs`.
 */
function postHeadersOnly(path: string, headers: Record<string, string>, announced: number, waitMs = 3_000) {
  const url = new URL(path, t.baseUrl);
  return new Promise<{ status: number | 'no answer'; ms: number; body: string }>((resolve) => {
    const started = performance.now();
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(announced), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 'no answer', ms: performance.now() - started, body: '' });
    }, waitMs);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, ms: performance.now() - started, body });
      });
    });
    req.on('error', () => {});
    req.write('{"event":"messages.upsert",');
  });
}

describe('gateway webhook: authenticated before the body', () => {
  it('an unknown instance and a wrong secret get the very same 401', async () => {
    const { number } = await userWithNumber(t);
    const post = (instance: string, secret: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: `/webhooks/gateway/${instance}`,
        headers: secret === undefined ? {} : { [WEBHOOK_SECRET_HEADER]: secret },
        payload: upsert(instance),
      });
    const unknown = await post('vendai-nao-existe', number.token);
    const wrong = await post(number.instanceName, 'f'.repeat(64));
    const missing = await post(number.instanceName, undefined);
    for (const res of [unknown, wrong, missing]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(unknown.body);
    }
    expect(unknown.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Webhook não autenticado.' } });
  });

  it('answers 401 at once to a 50 MB body it never reads (unknown instance and wrong secret)', async () => {
    const { number } = await userWithNumber(t);
    for (const [instance, secret] of [
      ['vendai-nao-existe', number.token],
      [number.instanceName, 'errado'],
    ]) {
      const res = await postHeadersOnly(`/webhooks/gateway/${instance}`, { [WEBHOOK_SECRET_HEADER]: secret! }, 50e6);
      expect(res.status, instance).toBe(401);
      expect(res.ms).toBeLessThan(1_000);
    }
    // The right secret does wait for the body (so the 401 above was not the body's doing).
    const authentic = await postHeadersOnly(
      `/webhooks/gateway/${number.instanceName}`,
      { [WEBHOOK_SECRET_HEADER]: number.token },
      50e6,
      500,
    );
    expect(authentic.status).toBe('no answer');
  });

  it('never decompresses a body: gzip from the right sender is a 400, nothing stored', async () => {
    const { number } = await userWithNumber(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/webhooks/gateway/${number.instanceName}`,
      headers: {
        [WEBHOOK_SECRET_HEADER]: number.token,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: zlib.gzipSync(JSON.stringify(upsert(number.instanceName))),
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(gatewayEvents)).toEqual([]);
  });
});

describe('Stripe webhook: signature first, small body', () => {
  it('answers 400 at once to a large body without a signature, never reading it', async () => {
    for (const headers of [{}, { 'stripe-signature': 'qualquer-coisa' }] as Record<string, string>[]) {
      const res = await postHeadersOnly('/webhooks/stripe', headers, 50e6);
      expect(res.status).toBe(400);
      expect(res.ms).toBeLessThan(1_000);
      expect(JSON.parse(res.body).error.message).toBe('Assinatura do webhook inválida.');
    }
  });

  it(`refuses a signed body over ${STRIPE_WEBHOOK_BODY_LIMIT / 1024} KB with 413 and accepts one under it`, async () => {
    const pad = (bytes: number) => ({ id: 'ch_1', object: 'charge', description: 'x'.repeat(bytes) });
    const big = signedEvent(t, 'charge.succeeded', pad(STRIPE_WEBHOOK_BODY_LIMIT));
    const post = (e: { payload: string | Buffer; signature: string }, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        payload: e.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': e.signature, ...headers },
      });
    const tooBig = await post(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('O conteúdo enviado é grande demais.');
    const fits = signedEvent(t, 'charge.succeeded', pad(STRIPE_WEBHOOK_BODY_LIMIT - 2_000));
    expect((await post(fits)).json()).toEqual({ received: true, ignored: true });
    // A compressed body is taken as sent (never inflated): its bytes are not the signed ones.
    const small = signedEvent(t, 'charge.succeeded', pad(10));
    const gz = await post(
      { payload: zlib.gzipSync(small.payload), signature: small.signature },
      {
        'content-encoding': 'gzip',
      },
    );
    expect(gz.statusCode).toBe(400);
  });
});
