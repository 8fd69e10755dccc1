import { expect, expectNoSeriousA11yViolations, shootBothWidths, test } from './support/fixtures';

test('rota desconhecida mostra a tela de erro em português', async ({ page }) => {
  await page.goto('/rota-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  await shootBothWidths(page, 'route-error-404');
  await expectNoSeriousA11yViolations(page);
});

test('depois de um deploy, a aba aberta recarrega uma vez e abre a página nova', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acessar VendAI' })).toBeVisible();
  // Document loads of /register: only a reload asks the server for it (the link is a client-side move).
  let reloads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === '/register') reloads++;
  });
  // The tab's build no longer has the register page's chunk (a deploy replaced it); a fresh document has it.
  await page.route(/\/assets\/register-[^/]*\.js$/, (route) =>
    reloads === 0 ? route.fulfill({ status: 404, body: 'not found' }) : route.continue(),
  );
  await page.getByRole('link', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  expect(reloads).toBe(1);
});

test('se o código da página continua faltando, mostra o erro em português em vez de recarregar sem fim', async ({
  page,
}) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acessar VendAI' })).toBeVisible();
  const oldTab = loads;
  await page.route(/\/assets\/register-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.getByRole('link', { name: 'Criar conta' }).click();

  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta página' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recarregar página' })).toBeVisible();
  // One reload (the guard), then the error stays on screen. The error only shows once the guard has
  // decided not to reload again (route-error.tsx shows "reloading" until then), so nothing is pending.
  await expect.poll(() => loads - oldTab).toBe(1);
  await expect(page).toHaveURL(/\/register$/);
  await shootBothWidths(page, 'route-error-stale-chunk');
  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta página' })).toBeVisible();
  expect(loads - oldTab).toBe(1);
});
