import type { Page } from '@playwright/test';
import { TUTORIAL_LESSONS } from '../apps/web/src/components/tutorial/lessons';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/** /tutorial (and the landing's lessons) and the WhatsApp Business authorization test (docs/decisions/008-tutorial-links-and-business-authorization.md). */

const LINKS = [
  'https://www.youtube.com/watch?v=AAAAAAAAAAA',
  'https://youtu.be/BBBBBBBBBBB',
  'https://www.youtube.com/shorts/CCCCCCCCCCC',
];

/** Serves the real GET /api/config with some settings replaced, as a server configured that way would. */
async function withConfig(page: Page, patch: Record<string, unknown>) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...patch } });
  });
}

test('sem links configurados, cada aula do tutorial mostra o passo a passo escrito', async ({ page }) => {
  await signedIn(page);
  await page.goto('/tutorial');
  await expect(page.getByRole('heading', { name: 'Tutorial', level: 1 })).toBeVisible();
  for (const lesson of TUTORIAL_LESSONS) {
    const card = page.getByRole('article', { name: lesson.title });
    await expect(card).toBeVisible();
    await expect(card.getByText(lesson.steps[0]!)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Assistir à aula/ })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await shootBothWidths(page, 'tutorial-written');
  await expectNoSeriousA11yViolations(page);
});

test('com links configurados, as aulas tocam no próprio lugar, uma por vez, e fecham; a página inicial usa os mesmos links', async ({
  page,
}) => {
  await withConfig(page, { tutorialVideoUrls: LINKS });
  await signedIn(page);
  await page.goto('/tutorial');
  const thumbs = page.getByRole('button', { name: /^Assistir à aula/ });
  await expect(thumbs).toHaveCount(3);
  await shootBothWidths(page, 'tutorial-videos');

  await page.getByRole('button', { name: new RegExp(`^Assistir à aula 1: ${TUTORIAL_LESSONS[0]!.title}`) }).click();
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/AAAAAAAAAAA?autoplay=1&rel=0',
  );

  await page.getByRole('button', { name: new RegExp(`^Assistir à aula 3: ${TUTORIAL_LESSONS[2]!.title}`) }).click();
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.locator('iframe')).toHaveAttribute('src', /\/embed\/CCCCCCCCCCC\?/);
  await expect(page.getByRole('button', { name: /^Assistir à aula 1/ })).toBeVisible();

  await page.getByRole('button', { name: 'Fechar vídeo' }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(thumbs).toHaveCount(3);

  // The landing page reads the same setting.
  await page.goto('/');
  await page.getByRole('button', { name: /^Assistir à aula 2/ }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /\/embed\/BBBBBBBBBBB\?/);
});

test('sem app configurado, a conexão pela API oficial diz que não está configurada e não abre janela', async ({
  page,
}) => {
  // A server without a Meta app and without the simulator standing in for it.
  await withConfig(page, { whatsappBusiness: null });
  await signedIn(page);
  await page.goto('/connect/whatsapp');
  await expect(page.getByText(/A Meta cobra por mensagem de modelo/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Não configurado neste servidor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conectar com o WhatsApp Business' })).toHaveCount(0);
  await shootBothWidths(page, 'authorization-not-configured');
});

test('o lançador abre a janela da Meta 1000×800 com os parâmetros certos e recebe o código pela página de retorno', async ({
  page,
  context,
  baseURL,
}) => {
  const config = {
    appId: '1234567890',
    configId: 'cfg-e2e',
    scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
    dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
  };
  await withConfig(page, { whatsappBusiness: config });
  // A local page stands in for the provider: it sends the person back to redirect_uri with a code
  // (or the error asked for) and the state it was given.
  const dialogs: URL[] = [];
  let answer = 'code=CODIGO-SECRETO-123';
  await context.route('https://www.facebook.com/**', async (route) => {
    dialogs.push(new URL(route.request().url()));
    await route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Meta (stand-in)</title><script>
        const u = new URL(location.href);
        location.replace(u.searchParams.get('redirect_uri') + '?${answer}&state=' + encodeURIComponent(u.searchParams.get('state')));
      </script>`,
    });
  });
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    (window as unknown as { openFeatures: string[] }).openFeatures = [];
    window.open = (url, target, features) => {
      (window as unknown as { openFeatures: string[] }).openFeatures.push(String(features));
      return open(url, target, features);
    };
  });
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  // The server's exchange of the code (covered by the server's tests) answers a connected number here.
  const exchanged: unknown[] = [];
  await page.route('**/api/numbers/cloud', async (route) => {
    exchanged.push(route.request().postDataJSON());
    await route.fulfill({
      status: 201,
      json: {
        id: '00000000-0000-4000-8000-000000000001',
        phone: '5511987654321',
        instance_name: 'vendai43211234',
        apelido: 'Loja Sol',
        status: 'CONECTADO',
        agente: null,
        agente_nome: null,
        created_at: new Date().toISOString(),
        connected_at: new Date().toISOString(),
        ai_audience: 'all',
        connection_problem: null,
        provider: 'cloud',
        quality_rating: 'GREEN',
        messaging_limit: 'TIER_1K',
        one_balloon: false,
      },
    });
  });

  await signedIn(page);
  await page.goto('/connect/whatsapp');
  await shootBothWidths(page, 'authorization-launcher');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Conectar com o WhatsApp Business' }).click();
  const popup = await popupOpened;

  await expect(page.getByRole('status').filter({ hasText: 'conectado pela API oficial' })).toBeVisible();
  expect(exchanged).toEqual([{ code: 'CODIGO-SECRETO-123' }]);
  await expect(page.getByText('CODIGO-SECRETO-123')).toHaveCount(0);
  await expect(popup).toHaveURL(/\/connect\/whatsapp\/callback\?code=/);
  await expect(popup.getByRole('heading', { name: 'Autorização recebida' })).toBeVisible();

  const dialog = dialogs[0]!;
  expect(dialog.origin + dialog.pathname).toBe(config.dialogUrl);
  expect(dialog.searchParams.get('client_id')).toBe(config.appId);
  expect(dialog.searchParams.get('config_id')).toBe(config.configId);
  expect(dialog.searchParams.get('scope')).toBe('whatsapp_business_management,whatsapp_business_messaging');
  expect(dialog.searchParams.get('response_type')).toBe('code');
  expect(dialog.searchParams.get('redirect_uri')).toBe(`${baseURL}/connect/whatsapp/callback`);
  expect(dialog.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{24}$/);
  const features = await page.evaluate(() => (window as unknown as { openFeatures: string[] }).openFeatures);
  expect(features[0]).toMatch(/width=1000,height=800/);
  await popup.close();

  // The provider answers an error: both windows say 'Erro: {error}'; a new state each time.
  answer = 'error=access_denied&error_description=Permiss%C3%A3o%20negada';
  const secondPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Conectar com o WhatsApp Business' }).click();
  const popup2 = await secondPopup;
  await expect(page.getByRole('alert').filter({ hasText: 'Erro: Permissão negada' })).toBeVisible();
  await expect(popup2.getByText('Erro: Permissão negada')).toBeVisible();
  expect(dialogs[1]!.searchParams.get('state')).not.toBe(dialog.searchParams.get('state'));
  await popup2.close();

  expect(logs.filter((l) => l.includes('CODIGO-SECRETO-123'))).toEqual([]);
});

test('a página de retorno aberta sem código diz que nenhum código foi recebido', async ({ page }) => {
  await page.goto('/connect/whatsapp/callback');
  await expect(page.getByText('Nenhum código recebido.')).toBeVisible();
  await page.goto('/connect/whatsapp/callback?error=access_denied');
  await expect(page.getByText('Erro: access_denied')).toBeVisible();
  await shootBothWidths(page, 'authorization-callback');
});
