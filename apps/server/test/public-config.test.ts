import { afterAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@vendai/contracts';
import { tutorialVideoUrls } from '../src/config/public-config.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const apps: TestApp[] = [];
// Each test starts its own app (different settings): generous time on a busy machine.
const SLOW = 120_000;
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

describe('GET /api/config', () => {
  it(
    'without tutorial links or a Meta app: three blank lessons and the simulator standing in for Meta',
    async () => {
      const t = await createTestApp();
      apps.push(t);
      const body = publicConfigSchema.parse((await t.client().get('/api/config')).json());
      expect(body).toMatchObject({
        productName: 'VendAI',
        tutorialVideoUrls: ['', '', ''],
        // The simulator stands in for Meta's Embedded Signup (docs/decisions/036-cloud-signup-window-pacing.md).
        whatsappBusiness: {
          appId: 'vendai-simulador',
          configId: 'simulador',
          scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
          dialogUrl: 'http://localhost:3000/simulador/meta',
        },
        simulator: true,
        supportEmail: 'suporte@vendai.local',
      });
    },
    SLOW,
  );

  it(
    'answers the configured lesson links and the embedded-signup app (public values only)',
    async () => {
      const t = await createTestApp({
        env: {
          TUTORIAL_VIDEO_URLS: 'https://youtu.be/AAAAAAAAAAA, ,https://www.youtube.com/shorts/CCCCCCCCCCC',
          META_APP_ID: '1234567890',
          META_CONFIG_ID: 'cfg-987',
          META_OAUTH_SCOPES: 'whatsapp_business_management, business_management',
          META_GRAPH_VERSION: 'v22.0',
          SUPPORT_EMAIL: 'ajuda@loja.com.br',
        },
      });
      apps.push(t);
      const body = (await t.client().get('/api/config')).json();
      expect(body.tutorialVideoUrls).toEqual([
        'https://youtu.be/AAAAAAAAAAA',
        '',
        'https://www.youtube.com/shorts/CCCCCCCCCCC',
      ]);
      expect(body.supportEmail).toBe('ajuda@loja.com.br');
      expect(body.whatsappBusiness).toEqual({
        appId: '1234567890',
        configId: 'cfg-987',
        scopes: ['whatsapp_business_management', 'business_management'],
        dialogUrl: 'https://www.facebook.com/v22.0/dialog/oauth',
      });
    },
    SLOW,
  );
});

describe('tutorialVideoUrls', () => {
  it('keeps lesson order, pads missing lessons with blanks and ignores extra links', () => {
    expect(tutorialVideoUrls(undefined)).toEqual(['', '', '']);
    expect(tutorialVideoUrls('a')).toEqual(['a', '', '']);
    expect(tutorialVideoUrls('a,b,c,d')).toEqual(['a', 'b', 'c']);
  });
});

describe('opener policy for the authorization popup', () => {
  it(
    'pages keep popups they open reachable; the callback page keeps its opener',
    async () => {
      const t = await createTestApp();
      apps.push(t);
      const page = await t.client().get('/connect/whatsapp');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const callback = await t.client().get('/connect/whatsapp/callback?code=abc&state=xyz');
      expect(callback.statusCode).toBe(200);
      expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    },
    SLOW,
  );
});

describe('GET /api/account/session', () => {
  it(
    'answers 200 with null when signed out, and the user when signed in',
    async () => {
      const t = await createTestApp();
      apps.push(t);
      const anonymous = await t.client().get('/api/account/session');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ me: null });
      const client = t.client();
      const person = await client.registerOk();
      const res = await client.get('/api/account/session');
      expect(res.statusCode).toBe(200);
      expect(res.json().me).toMatchObject({ user: { email: person.email }, planLabel: 'Gratuito' });
    },
    SLOW,
  );
});
