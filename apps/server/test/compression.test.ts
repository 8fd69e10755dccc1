import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_BODY_MESSAGE } from '../src/plugins/request-decompression.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A web build like Vite's: a hashed asset with the .br and .gz the build writes beside it.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-compress-web-'));
const script = `console.log(${JSON.stringify('olá '.repeat(2_000))});`;
const html = `<!doctype html><html lang="pt-BR"><body><div id="root">${'<p>VendAI</p>'.repeat(200)}</div></body></html>`;

let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), html);
  fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('compression and caching', () => {
  it('serves a built asset precompressed with brotli or gzip, as the client accepts, cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    // Document-only security headers are left off assets; nosniff and the resource policy stay.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');

    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the SPA page is compressed and never cached without revalidation', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });
});

describe('compressed request bodies', () => {
  // Request bodies are inflated only on a route that opts in with its own limits
  // (docs/decisions/049-request-cost-before-auth.md; request-decompression.test.ts): the API's forms do
  // not, so a gzip body there is refused before a byte of it is read, bomb or not.
  it('a gzip bomb to the sign-up form is refused with a clear 400, not inflated', async () => {
    const bomb = zlib.gzipSync(Buffer.from(`{"email":"${'0'.repeat(10 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(20 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(COMPRESSED_BODY_MESSAGE);
  });

  it('a small gzip body is refused the same way; the same body sent plainly is validated', async () => {
    const body = JSON.stringify({ email: 'não é e-mail' });
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(Buffer.from(body)),
    });
    expect(compressed.statusCode).toBe(400);
    expect(compressed.json().error.message).toBe(COMPRESSED_BODY_MESSAGE);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.fields.email).toBe('Informe um e-mail válido.');
  });
});
