import type { Page, Worker } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  screenshotOnDemand,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import {
  aiRepliesOnceIdle,
  connectNumber,
  LOJA_SOL_ANSWERS,
  receivedByCustomer,
  startCustomerChat,
  trainAgentThroughApi,
} from './support/live-number';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from './support/browser';

/**
 * VendAI in the pocket (docs/decisions/067-web-push.md): the web manifest and its icons; the service
 * worker active with the app shell cached and no API answer in any cache; a friendly page without
 * internet; 'Notificações no celular' on Configurações (each kind saved, the device's state). Chromium
 * headless has no push service to subscribe with (no Google services here), so a real subscription and
 * delivery are the server tests' (apps/server/test/web-push.test.ts, with the local push service
 * stand-in); here the notification's 'Enviar' runs the service worker's own code (`actOnDraft`, what its
 * notificationclick calls) inside the active worker, on a real draft: the customer gets the answer once,
 * and the second press shows the inbox's refusal.
 */

async function activeWorker(page: Page): Promise<Worker> {
  const url = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(url).toMatch(/\/sw\.js$/);
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url() === url);
  return worker ?? page.context().waitForEvent('serviceworker', (w) => w.url() === url);
}

// The worker itself is what this file tests (the other journeys block it: playwright.config.ts). The
// notification permission needs the full browser: the headless shell has none (e2e/support/browser.ts).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } });

test('instalável: manifesto, ícones, app em cache sem dados da conta, página sem internet e notificações em Configurações', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'VendAI',
    short_name: 'VendAI',
    lang: 'pt-BR',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#059669',
    background_color: '#ffffff',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  await signedIn(page);
  await page.goto('/settings');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await activeWorker(page);
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
  expect(
    cached.filter((p) => !/^\/(assets|icons)\/|^\/(offline\.html|favicon\.svg|manifest\.webmanifest)$/.test(p)),
  ).toEqual([]);

  // 'Notificações no celular': every kind on; one switched off is saved and stays off.
  const section = page.getByRole('region', { name: 'Notificações no celular' });
  await expect(section).toBeVisible();
  for (const label of ['Cliente pediu uma pessoa', 'Resposta da IA para aprovar', 'Pix pago', 'Número desconectado'])
    await expect(section.getByRole('checkbox', { name: new RegExp(label) })).toBeChecked();
  await section.getByRole('checkbox', { name: /Pix pago/ }).uncheck();
  await expect(page.getByText('Preferências salvas.')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('checkbox', { name: /Pix pago/ })).not.toBeChecked();
  expect(((await (await page.request.get('/api/push')).json()) as { preferences: object }).preferences).toEqual({
    handoff: true,
    draft: true,
    pixPaid: false,
    numberDisconnected: true,
  });
  // This device: with the permission given, the browser asks its push service; Chromium here has none
  // and says so in Portuguese (a phone's browser subscribes and the section says 'ativas').
  await context.grantPermissions(['notifications']);
  await section.getByRole('button', { name: 'Ativar neste aparelho' }).click();
  await expect(
    section.getByText(/Notificações ativas neste aparelho\.|O navegador não conseguiu se inscrever/),
  ).toBeVisible({ timeout: 20_000 });
  await shootBothWidths(page, 'settings-notifications');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotOnDemand(section, 'test-results/screens/settings-notifications-section-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotOnDemand(section, 'test-results/screens/settings-notifications-section-desktop.png');
  await expectNoSeriousA11yViolations(page);

  // Without internet a page opens the friendly page from the cache; back online, the app again.
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Você está sem internet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tentar de novo' })).toHaveAttribute('href', '/dashboard');
  await shootBothWidths(page, 'offline-page');
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Tentar de novo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Você está sem internet' })).toHaveCount(0);
});

test("a notificação de uma sugestão: 'Enviar' pelo service worker manda a resposta uma vez só", async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);
  const { instance } = await connectNumber(page, 'Loja Sol');
  const phone = await page.context().newPage();
  const [agent] = (await (await page.request.get('/api/agents')).json()) as { id: string }[];
  expect((await page.request.patch(`/api/agents/${agent!.id}`, { data: { approval_mode: true } })).status()).toBe(200);

  const say = await startCustomerChat(phone, instance, { name: 'Rita Souza', phone: '5511988881234' });
  await say('Oi! Tem biquíni tamanho M?');
  await aiRepliesOnceIdle(instance);
  type Pending = { convIds: string[] };
  await expect
    .poll(async () => ((await (await page.request.get('/api/conversations/pending-drafts')).json()) as Pending).convIds)
    .toHaveLength(1);
  const { convIds } = (await (await page.request.get('/api/conversations/pending-drafts')).json()) as Pending;
  const approval = (await (await page.request.get(`/api/conversations/${convIds[0]}/approval`)).json()) as {
    draft: { id: string; parts: string[] };
  };
  const draft = { convId: convIds[0]!, draftId: approval.draft.id };

  // The notification's 'Enviar', twice (a double tap): the worker's own code, with the session's cookie
  // (a phone that showed the notification has given the permission).
  await page.context().grantPermissions(['notifications']);
  await page.goto('/dashboard');
  const worker = await activeWorker(page);
  const press = () =>
    worker.evaluate(async (d) => {
      await (self as unknown as { actOnDraft(d: object, a: string): Promise<void> }).actOnDraft(d, 'send');
      const shown = await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications({
        tag: `draft-result:${d.draftId}`,
      });
      return shown.map((n) => `${n.title} | ${n.body}`);
    }, draft);
  expect(await press()).toEqual(['Resposta enviada ao cliente | ']);
  expect(await press()).toEqual(['Não foi possível | Esta sugestão já foi enviada.']);
  await aiRepliesOnceIdle(instance);
  await expect
    .poll(async () => ((await (await page.request.get('/api/conversations/pending-drafts')).json()) as Pending).convIds)
    .toEqual([]);
  // The customer's phone (the simulator) got the answer once: as many messages as the draft had parts.
  await expect.poll(() => receivedByCustomer(page, instance, '5511988881234')).toEqual(approval.draft.parts);
});
