import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * The business's clock on 'Configurações' (decisions 018 and 019): the owner picks the time zone,
 * turns business hours on (Mon–Fri 08–18, Sat 08–13 offered), opens Sunday night across midnight,
 * adds a closed day and saves; the page shows it all again after a reload.
 */
test('the owner sets the time zone, business hours and a closed day on Configurações', async ({ page }) => {
  await signedIn(page);
  await page.goto('/settings');
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Sao_Paulo');
  await page.getByLabel('Fuso horário').selectOption('America/Manaus');
  await page.getByLabel('Informar o horário de atendimento').check();
  const week = page.getByTestId('week-hours');
  await expect(week.getByRole('listitem')).toHaveCount(7);
  await week.getByLabel('Domingo').check();
  await page.getByLabel('Domingo: abre às').fill('18:00');
  await page.getByLabel('Domingo: fecha às').fill('02:00');
  await expect(week).toContainText('Fecha no dia seguinte.');
  await page.getByLabel('Dia fechado').fill('2026-12-31');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('closed-days')).toContainText('31/12/2026');
  await page.getByRole('button', { name: 'Salvar horário' }).click();
  await expect(page.getByText('Horário da empresa salvo.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Manaus');
  await expect(page.getByLabel('Domingo: fecha às')).toHaveValue('02:00');
  await expect(page.getByTestId('closed-days')).toContainText('31/12/2026');
  await shootBothWidths(page, 'business-hours-settings');
  await expectNoSeriousA11yViolations(page);
});
