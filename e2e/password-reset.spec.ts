import { CONTROL_URL, expect, latestMailTo, signedIn, shootBothWidths, test } from './support/fixtures';

function resetLinkFrom(text: string): string {
  const link = text.match(/https?:\/\/\S+\/reset-password\?code=[\w-]+/)?.[0];
  expect(link, 'link de recuperação no e-mail').toBeTruthy();
  return link!;
}

test('esqueci a senha → e-mail → nova senha → entrar com a nova senha', async ({ page }) => {
  const person = await signedIn(page);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperar Senha' })).toBeVisible();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Email de recuperação enviado com sucesso!')).toBeVisible();
  await expect(page.getByText(/Redirecionando para o login em [1-5]s/)).toBeVisible();
  await shootBothWidths(page, 'forgot-sent');
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

  const mail = await latestMailTo(person.email);
  expect(mail.subject).toContain('Redefinição de senha');
  const link = resetLinkFrom(mail.text);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-45');
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar nova senha' })).toBeDisabled();
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-456');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');

  await page.getByLabel('Senha', { exact: true }).fill('nova-senha-456');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText('Link de recuperação inválido ou expirado.')).toBeVisible();
});

test('um link expirado mostra a tela de link expirado', async ({ page }) => {
  const person = await signedIn(page);
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Email de recuperação enviado com sucesso!')).toBeVisible();
  const link = resetLinkFrom((await latestMailTo(person.email)).text);

  await fetch(`${CONTROL_URL}/expire-reset-links`, { method: 'POST', body: JSON.stringify({ email: person.email }) });
  await page.goto(link);
  await expect(page.getByText('O link de recuperação expirou.')).toBeVisible();
  await expect(page.getByText('Por favor, solicite um novo link de recuperação de senha.')).toBeVisible();
  await shootBothWidths(page, 'reset-expired');
  await page.getByRole('button', { name: 'Solicitar novo link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('link com error_code=otp_expired mostra a tela de expirado', async ({ page }) => {
  await page.goto('/reset-password?error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
  await expect(page.getByText('O link de recuperação expirou.')).toBeVisible();
});
