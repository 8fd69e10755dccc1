/**
 * Security headers (plugins/security-headers.ts): the CSP allows scripts from the app's own origin
 * only — and, when PUBLIC_REFERRAL_TRACKER_SCRIPT names the referral tracker's script, that script's
 * origin too, with the script added to every page so the tracker loads (plugins/web-app.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { createTestApp, SPA_MARKER, type TestApp } from './helpers/test-app.ts';

const TRACKER = 'https://cdn.rastreio.exemplo.com/v2/rastreio.js?conta=abc&x=1';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

let plain: TestApp;
let tracked: TestApp;
beforeAll(async () => {
  [plain, tracked] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { PUBLIC_REFERRAL_TRACKER: 'fpr', PUBLIC_REFERRAL_TRACKER_SCRIPT: TRACKER } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), tracked?.close()]);
});

describe('Content-Security-Policy and the referral tracker', () => {
  it('without a tracker: scripts and connections from the app only, and no foreign script in the page', async () => {
    const res = await plain.app.inject({ url: '/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(res.body).toContain(SPA_MARKER);
    expect(res.body).not.toContain('<script async');
  });

  it('with PUBLIC_REFERRAL_TRACKER_SCRIPT: its origin is allowed and every page loads it', async () => {
    for (const url of ['/', '/dashboard', '/register?fpr=parceiro']) {
      const res = await tracked.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toBe("script-src 'self' https://cdn.rastreio.exemplo.com");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://cdn.rastreio.exemplo.com");
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<script async src="https://cdn.rastreio.exemplo.com/v2/rastreio.js?conta=abc&amp;x=1"></script></head>',
      );
      expect(res.body).toContain(SPA_MARKER);
    }
    // The API's answers are not pages: no script added there.
    expect((await tracked.app.inject({ url: '/api/config' })).json().referralTracker).toBe('fpr');
  });

  it('nothing under /assets/ serves the app: a name without an extension is a 404, never a page without its headers', async () => {
    for (const url of ['/assets/painel', '/assets/index-abc123', '/assets/sub/pagina', '/assets/x.js']) {
      const res = await plain.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(SPA_MARKER);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // A page elsewhere keeps its document headers.
    const page = await plain.app.inject({ url: '/assetsx' });
    expect(page.body).toContain(SPA_MARKER);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a tracker script that is not an https address', () => {
    for (const value of ['http://cdn.rastreio.exemplo.com/r.js', 'javascript:alert(1)', 'rastreio.js'])
      expect(() =>
        loadEnv({
          APP_URL: 'http://localhost:3000',
          AUTH_SECRET: 'x'.repeat(40),
          PUBLIC_REFERRAL_TRACKER_SCRIPT: value,
        }),
      ).toThrow(/PUBLIC_REFERRAL_TRACKER_SCRIPT/);
  });
});
