/**
 * Request bodies cost nothing before the session is checked, and are inflated only where a route opts
 * in with limits (docs/decisions/049-request-cost-before-auth.md): a protected route answers 401 while
 * the body is still on its way; a compressed body sent to a route that did not opt in is refused with
 * a clear message (signed in or not); a route that opts in takes a gzip body and refuses one that
 * inflates past its size or ratio limit (413). The memory test is request-bombs-before-auth.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { COMPRESSED_BODY_MESSAGE } from '../src/plugins/request-decompression.ts';
import { freePort } from './helpers/free-port.ts';
import { newPerson, TEST_ORIGIN, TestClient } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-decompression-'));
let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    APP_URL: baseUrl,
    TRUSTED_ORIGINS: TEST_ORIGIN,
    DATA_DIR: dataDir,
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  });
  database = await createTestDatabase();
  app = await buildApp({ env, database, logger: false });
  // A route that opts in, as a feature route would: 256 KB inflated at most, 20× the bytes received.
  app.post(
    '/api/test-opt-in',
    { config: { requestDecompression: { maxInflatedBytes: 256 * 1024, maxRatio: 20 } } },
    async (req) => ({ size: JSON.stringify(req.body).length }),
  );
  await app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const gzipJson = (value: unknown) => zlib.gzipSync(JSON.stringify(value));

function postCompressed(client: TestClient, url: string, body: Buffer, encoding = 'gzip') {
  return client.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    payload: body,
  });
}

/**
 * Sends the headers of a POST announcing `announced` bytes and only the first few: resolves with the
 * status, or 'no answer' after `waitMs` (a route that waits for the whole body before refusing).
 */
function postHeadersOnly(url: string, headers: Record<string, string>, announced: number, waitMs = 3_000) {
  return new Promise<{ status: number | 'no answer'; body: string }>((resolve) => {
    const req = http.request(new URL(url, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(announced), origin: baseUrl, ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 'no answer', body: '' });
    }, waitMs);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', () => {});
    req.write('{"title":"');
  });
}

describe('request bodies before the session', () => {
  it('a protected route answers 401 without a session while its 50 MB body is still on its way', async () => {
    for (const url of ['/api/quick-replies', '/api/catalogue', '/api/team/invitations']) {
      const plain = await postHeadersOnly(url, {}, 50 * 1024 * 1024);
      expect(plain.status, url).toBe(401);
      expect(JSON.parse(plain.body).error.code).toBe('UNAUTHENTICATED');
      const gzip = await postHeadersOnly(url, { 'content-encoding': 'gzip' }, 50 * 1024 * 1024);
      expect(gzip.status, url).toBe(401);
    }
  });

  it('signed in, a compressed body to a route that did not opt in is refused with a clear message', async () => {
    const owner = new TestClient(app);
    expect((await owner.register(newPerson())).statusCode).toBe(201);
    const reply = { shortcut: 'horario', text: 'Abrimos às 9h.' };
    const refused = await postCompressed(owner, '/api/quick-replies', gzipJson(reply));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: 'VALIDATION', message: COMPRESSED_BODY_MESSAGE } });
    // The same body sent plainly is taken.
    expect((await owner.post('/api/quick-replies', reply)).statusCode).toBe(201);
  });

  it('anonymous routes with bodies keep working plainly and refuse compressed bodies', async () => {
    const person = newPerson();
    const compressed = await postCompressed(new TestClient(app), '/api/account/register', gzipJson(person));
    expect(compressed.statusCode).toBe(400);
    expect(compressed.json().error.message).toBe(COMPRESSED_BODY_MESSAGE);
    const visitor = new TestClient(app);
    expect((await visitor.register(person)).statusCode).toBe(201);
    expect((await new TestClient(app).signIn(person.email, person.password)).statusCode).toBe(200);
  });
});

describe('a route that opts in to compressed bodies', () => {
  const visitor = () => new TestClient(app);

  it('takes a gzip, deflate or brotli body within its limits', async () => {
    const value = { note: 'pedido '.repeat(500) };
    for (const [encoding, body] of [
      ['gzip', gzipJson(value)],
      ['deflate', zlib.deflateSync(JSON.stringify(value))],
      ['br', zlib.brotliCompressSync(JSON.stringify(value))],
    ] as const) {
      const res = await postCompressed(visitor(), '/api/test-opt-in', body, encoding);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.json()).toEqual({ size: JSON.stringify(value).length });
    }
  });

  it('refuses (413) a body that inflates past its size limit, and one that grows past its ratio', async () => {
    // 50 MB of spaces in ~50 KB: past 256 KB inflated.
    const bomb = zlib.gzipSync(Buffer.from(`{"a":"${' '.repeat(50 * 1024 * 1024)}"}`));
    const big = await postCompressed(visitor(), '/api/test-opt-in', bomb);
    expect(big.statusCode).toBe(413);
    // 200 KB (under the size limit) from ~300 bytes: a ratio of ~700.
    const dense = zlib.gzipSync(JSON.stringify({ a: 'x'.repeat(200 * 1024) }));
    expect(dense.length).toBeLessThan(1024);
    const ratio = await postCompressed(visitor(), '/api/test-opt-in', dense);
    expect(ratio.statusCode).toBe(413);
    expect(ratio.json()).toEqual({ error: { code: 'VALIDATION', message: 'O conteúdo enviado é grande demais.' } });
  });

  it('refuses an unknown coding and a broken stream as client errors', async () => {
    const unknown = await postCompressed(visitor(), '/api/test-opt-in', Buffer.from('{}'), 'compress');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(COMPRESSED_BODY_MESSAGE);
    const broken = await postCompressed(visitor(), '/api/test-opt-in', Buffer.from('not gzip at all'));
    expect(broken.statusCode).toBe(400);
  });
});
