import { expect, expectNoSeriousA11yViolations, shootBothWidths, signedIn, test } from './support/fixtures';

/**
 * The sinal on the owner's screens (docs/decisions/074-agenda-deposit.md): Agenda → 'Serviços' → 'Editar'
 * a service → 'Sinal por Pix' as a percent of the price with the time to pay; a percent out of range is
 * refused in Portuguese and what was typed stays; saved, the list shows the sinal. 1280 and 390 px, axe.
 * (The customer's side — held, the Pix, paid, released — is `apps/server/test/agenda-deposit.test.ts`.)
 */
test('o dono exige um sinal por Pix num serviço', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page);
  const setup = await page.request.post('/api/agenda/quick-setup', {
    data: {
      professionalName: 'Dra. Helena',
      service: { name: 'Consulta', durationMinutes: 60, priceCents: 18000 },
    },
  });
  expect(setup.status()).toBe(200);
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Serviços' }).click();
  const dialog = page.getByRole('dialog', { name: 'Serviços' });
  await dialog.getByRole('button', { name: 'Editar Consulta' }).click();
  await expect(dialog.getByRole('heading', { name: 'Editar Consulta' })).toBeVisible();
  await expect(dialog.getByLabel('Serviço', { exact: true })).toHaveValue('Consulta');
  await expect(dialog.getByLabel('Preço (R$)')).toHaveValue('180,00');

  await dialog.getByLabel('Sinal', { exact: true }).selectOption({ label: '% do preço' });
  await dialog.getByLabel('Porcentagem').fill('150');
  await dialog.getByRole('button', { name: 'Salvar serviço' }).click();
  await expect(
    dialog.getByText('O sinal é um valor em reais ou uma porcentagem do preço (de 1% a 100%), não os dois.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Porcentagem')).toHaveValue('150');
  await dialog.getByLabel('Porcentagem').fill('30');
  await dialog.getByLabel('Prazo para pagar').selectOption({ label: '30 min' });
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-deposit-edit');
  await dialog.getByRole('button', { name: 'Salvar serviço' }).click();
  await expect(dialog.getByText('60 min · R$ 180,00 · sinal 30%')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Novo serviço' })).toBeVisible();

  const saved = (await (await page.request.get('/api/agenda/setup')).json()) as {
    services: { depositPercent: number | null; holdMinutes: number }[];
  };
  expect(saved.services[0]).toMatchObject({ depositPercent: 30, holdMinutes: 30 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-deposit-saved');
});
