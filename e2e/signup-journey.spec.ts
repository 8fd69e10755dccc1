import {
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  registerThroughUi,
  shootBothWidths,
  test,
} from './support/fixtures';

test('novo usuário: landing → Começar Grátis (mantém a query) → cadastro → boas-vindas → painel → sair', async ({
  page,
}) => {
  // Seven pages, four screenshots at two widths and three accessibility scans: a long journey by design.
  test.slow();
  await page.goto('/?utm_source=instagram&fpr=parceiro1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shootBothWidths(page, 'landing');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Começar Grátis' }).first().click();
  await expect(page).toHaveURL(/\/register\?utm_source=instagram&fpr=parceiro1$/);
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();

  const person = newPerson();
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Telefone (WhatsApp)').fill('123');
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar senha').fill('outra-senha-1');
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeDisabled();
  await shootBothWidths(page, 'register-errors');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Confirmar senha').fill(person.password);
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Por favor, insira um número de telefone válido')).toBeVisible();
  // Nothing typed is lost after an error.
  await expect(page.getByLabel('Nome completo')).toHaveValue(person.name);

  await page.getByLabel('Telefone (WhatsApp)').fill(person.phoneDigits);
  await expect(page.getByLabel('Telefone (WhatsApp)')).toHaveValue(/^\+55 \d{2} \d{5} \d{4}$/);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  await expect(page.getByText('Mariana', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Começar agora' })).toHaveAttribute('href', '/onboarding/train-ai');
  await shootBothWidths(page, 'welcome');

  await page.getByRole('link', { name: 'Quero Treinar Minha IA Depois' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Conversas', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gratuito' })).toBeVisible();
  for (const item of [
    'Conversas',
    "WhatsApp's",
    'IA Treinamento',
    'Planos',
    'Tutorial',
    'Ajude A Melhorar',
    'Playground',
  ]) {
    await expect(
      page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: item }),
    ).toBeVisible();
  }
  await shootBothWidths(page, 'dashboard');
  await expectNoSeriousA11yViolations(page);

  // A signed-in user opening /login goes to the dashboard.
  await page.goto('/login?ref=x');
  await expect(page).toHaveURL(/\/dashboard\?ref=x$/);

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed out, a protected page sends the visitor home.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('no celular o menu lateral abre como gaveta', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Planos' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Escolha o plano ideal para o seu negócio', level: 1 })).toBeVisible();
});
