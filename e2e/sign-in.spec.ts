import { expect, registerThroughUi, shootBothWidths, test } from './support/fixtures';

test('senha errada mostra o erro em português, em vermelho', async ({ page }) => {
  const person = await registerThroughUi(page);
  await page.context().clearCookies();

  await page.goto('/login?utm_campaign=natal');
  await expect(page.getByRole('heading', { name: 'Acessar VendAI' })).toBeVisible();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-999');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const error = page.getByRole('alert');
  await expect(error).toHaveText('E-mail ou senha incorretos.');
  await expect(error).toHaveClass(/text-red-600/);
  await shootBothWidths(page, 'login-error');

  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard\?utm_campaign=natal$/);
});

test('enquanto entra, o botão mostra "Entrando..." e fica desabilitado', async ({ page }) => {
  const person = await registerThroughUi(page);
  await page.context().clearCookies();
  await page.goto('/login');
  // The sign-in request is held until the button has been seen in its waiting state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/sign-in/email', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Entrando...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('página de login mantém a query string no link "Criar conta"', async ({ page }) => {
  await page.goto('/login?fpr=abc');
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register?fpr=abc');
});
