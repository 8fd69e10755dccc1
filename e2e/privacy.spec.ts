import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * 'Seus dados' on Configurações (decision 031): the owner sees how long media is kept, downloads the
 * data export, and deletes the account — a wrong password is refused in the dialog, the right one signs
 * out and lands on the landing page; the same e-mail and password no longer sign in.
 */
test('the owner exports the data and deletes the account from Configurações', async ({ page }) => {
  const person = await signedIn(page);
  await page.goto('/settings');
  await expect(page.getByTestId('media-retention')).toContainText('180 dias');
  await shootBothWidths(page, 'privacy-settings');
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar meus dados' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vendai-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await dialog.getByLabel('Digite sua senha para confirmar').fill('senha-errada-123');
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(dialog.getByText('Senha incorreta. Nada foi excluído.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Digite sua senha para confirmar').fill(person.password);
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
