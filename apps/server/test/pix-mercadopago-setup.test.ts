/**
 * Mercado Pago set-up in one pass (docs/decisions/055-pix-orders-state-machine.md): the webhook URL to
 * register in Mercado Pago (Suas integrações → Webhooks, which then shows the signing secret:
 * https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks) is in the
 * settings before anything is saved; the access token is saved without the secret (notifications
 * refused meanwhile, charges read by VendAI: check-charge.ts), and the secret is added later without
 * the token again. On PGlite.
 */
import { describe, expect, it } from 'vitest';
import { getPixSettings, loadPixAccount } from '../src/modules/pix/pix-account.ts';
import mercadopago from './fixtures/pix/mercadopago.json' with { type: 'json' };
import { startFixtureServer } from './helpers/pix-fixture-server.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { openShop } from './helpers/engine-harness.ts';
import { pixDepsAt } from './helpers/pix-helpers.ts';

const e = useEngineApp();

describe('Mercado Pago set-up in one pass', () => {
  it('shows the webhook URL before saving, saves without the secret, takes the secret later and keeps the URL', async () => {
    const shop = await openShop(e);
    const before = await shop.client.get('/api/pix/settings');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ configured: false, webhookSecretSet: false });
    const url = before.json().webhookUrl as string;
    expect(url).toMatch(/\/webhooks\/pix\/[0-9a-f]{32}$/);
    // The same URL on every visit before saving.
    expect((await shop.client.get('/api/pix/settings')).json().webhookUrl).toBe(url);

    const server = await startFixtureServer((req) =>
      req.path.startsWith('/v1/payments/search') ? { body: { results: [] } } : { body: mercadopago.payment },
    );
    try {
      const s = { shop };
      const deps = await pixDepsAt(e, s, server.url, { provider: 'mercadopago', apiKey: 'APP_USR-teste-9999' });
      const saved = await getPixSettings(deps, shop.userId);
      expect(saved).toMatchObject({
        configured: true,
        provider: 'mercadopago',
        webhookSecretSet: false,
        webhookUrl: url,
      });
      // Until the secret is given, a notification is refused and nothing is stored.
      const webhookId = url.split('/').at(-1)!;
      const early = await e.t.app.inject({
        method: 'POST',
        url: `/webhooks/pix/${webhookId}?data.id=1&type=payment`,
        payload: { type: 'payment', data: { id: '1' } },
      });
      expect(early.statusCode).toBe(401);

      // Later: the secret alone (the token kept).
      await pixDepsAt(e, s, server.url, { provider: 'mercadopago', webhookSecret: 'assinatura-secreta-123' });
      const later = await shop.client.get('/api/pix/settings');
      expect(later.json()).toMatchObject({ webhookSecretSet: true, webhookUrl: url, keyHint: '••••9999' });
      const account = (await loadPixAccount(deps, { accountId: shop.userId }))!;
      expect(account).toMatchObject({ apiKey: 'APP_USR-teste-9999', webhookSecret: 'assinatura-secreta-123' });

      // A first save of Mercado Pago without a token is a Portuguese 400.
      const other = await openShop(e);
      const noKey = await other.client.request({
        method: 'PUT',
        url: '/api/pix/settings',
        payload: { provider: 'mercadopago' },
      });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().error.message).toBe('Cole a chave de API do provedor.');
    } finally {
      await server.close();
    }
  });
});
