import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * Catálogo (decision 025): the empty state, a product with options added through the dialog, a wrong
 * price refused in Portuguese, search without accents, duplicate and archive.
 */
test('the owner builds the catalogue: add with options, search, duplicate, archive', async ({ page }) => {
  await signedIn(page);
  await page.goto('/catalogo');
  await expect(page.getByRole('heading', { name: 'Seu catálogo está vazio' })).toBeVisible();
  await shootBothWidths(page, 'catalogue-empty');

  await page.getByRole('button', { name: 'Adicionar o primeiro item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill('Bolo de chocolate');
  await dialog.getByLabel('Preço (R$)').fill('80,O0');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog.getByRole('alert').first()).toContainText('Informe um preço válido');
  await dialog.getByLabel('Preço (R$)').fill('80,00');
  await dialog.getByLabel('Unidade').fill('kg');
  await dialog.getByLabel('Descrição').fill('Massa fofinha com brigadeiro de verdade.');
  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  await dialog.getByLabel('Nome da opção 1').fill('Com morango');
  await dialog.getByLabel('Preço da opção 1').fill('95');
  await dialog.getByLabel('Etiquetas').fill('festa, aniversário');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Item adicionado ao catálogo.')).toBeVisible();

  const list = page.getByTestId('catalogue-list');
  await expect(list).toContainText('Bolo de chocolate');
  await expect(list).toContainText('R$ 80,00 / kg · 1 opção');

  await page.getByRole('button', { name: 'Novo item' }).click();
  await page.getByRole('dialog').getByLabel('Nome', { exact: true }).fill('Pão de mel');
  await page.getByRole('dialog').getByLabel('Tipo').selectOption('produto');
  await page.getByRole('dialog').getByLabel('Disponibilidade').selectOption('sob_encomenda');
  await page.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(list).toContainText('Sob consulta');
  await expect(list).toContainText('Sob encomenda');

  await page.getByLabel('Buscar no catálogo').fill('pao');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Pão de mel');
  await page.getByLabel('Buscar no catálogo').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await shootBothWidths(page, 'catalogue-list');

  await page.getByRole('button', { name: 'Duplicar Bolo de chocolate' }).click();
  await expect(list).toContainText('Bolo de chocolate (cópia)');
  await page.getByRole('button', { name: 'Arquivar Bolo de chocolate (cópia)' }).click();
  await expect(page.getByText('Item arquivado.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Arquivados (1)' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Editar' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Nome', { exact: true })).toHaveValue('Bolo de chocolate');
  await shootBothWidths(page, 'catalogue-dialog');
  await expectNoSeriousA11yViolations(page);
});
