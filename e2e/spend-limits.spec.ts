import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';

/**
 * The overage ceiling as a paid owner meets it (docs/decisions/021-spend-and-abuse-limits.md): Planos
 * shows 'Limite de gastos extras' with the default US$ 50,00, refuses a bad amount in Portuguese, and
 * once the plan's messages are used up a ceiling of 0 pauses the AI: the app's banner says why and
 * links back to Planos, where raising the ceiling lifts the pause.
 */
test.describe.configure({ timeout: 240_000 });

test('paid owner sets the overage ceiling; the pause banner links to raise it', async ({ page }) => {
  const person = await signedIn(page);

  // Subscribe to Expansão IA on the local payments stand-in.
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Expansão IA' }).getByRole('button', { name: 'Assinar Expansão IA' }).click();
  await page
    .getByRole('dialog', { name: 'Assinar Expansão IA' })
    .getByRole('button', { name: 'Ir para o pagamento' })
    .click();
  await expect(page).toHaveURL(/\/pagamentos-local\/checkout\//);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTitle('Seu plano atual')).toHaveText('Expansão IA');

  // Planos: the ceiling with its default and nothing spent yet.
  await page.goto('/pricing');
  const section = page.getByRole('region', { name: 'Limite de gastos extras' });
  await expect(section).toBeVisible();
  const field = section.getByLabel('Limite por período (US$)');
  await expect(field).toHaveValue('50,00');
  await expect(section.getByText(/US\$\s0,00/).first()).toBeVisible();
  await expect(page.getByText('A IA está pausada', { exact: false })).toHaveCount(0);
  await shootBothWidths(page, 'spend-ceiling-pricing');

  // A bad amount is refused on the page, in Portuguese.
  await field.fill('dez reais');
  await section.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(section.getByRole('alert')).toContainText('Informe um limite entre US$ 0,00 e US$ 100.000,00');

  // The plan's 5.000 messages are used up; a ceiling of 0 pauses the AI at once.
  const used = await fetch(`${CONTROL_URL}/use-plan-messages`, {
    method: 'POST',
    body: JSON.stringify({ email: person.email }),
  });
  expect(used.ok).toBe(true);
  await field.fill('0');
  await section.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(page.getByText('Limite salvo. A IA continua pausada neste período.')).toBeVisible();
  await expect(section.getByRole('alert')).toContainText('A IA está pausada');

  // Every signed-in page carries the banner, with the way out.
  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: 'A IA está pausada' });
  await expect(banner).toContainText('o limite de gastos extras deste período');
  await expect(banner).toContainText('você ainda pode responder pela caixa de entrada');
  await shootBothWidths(page, 'spend-ceiling-banner');
  await expectNoSeriousA11yViolations(page);
  await banner.getByRole('link', { name: 'Aumentar o limite' }).click();
  await expect(page).toHaveURL(/\/pricing#limite-de-gastos$/);
  await expect(section).toBeInViewport();

  // Raising it lifts the pause and the banner goes.
  await field.fill('10,00');
  await section.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(page.getByText('Limite de gastos salvo.')).toBeVisible();
  await expect(field).toHaveValue('10,00');
  await expect(page.getByRole('alert').filter({ hasText: 'A IA está pausada' })).toHaveCount(0);
  // The toast fades out before the page is checked (axe reads its colours mid-animation).
  await expect(page.getByText('Limite de gastos salvo.')).toBeHidden({ timeout: 15_000 });
  await shootBothWidths(page, 'spend-ceiling-raised');
  await expectNoSeriousA11yViolations(page);

  // The playground shows the month's test messages against the plan's allowance (Expansão IA: 1.000).
  await page.goto('/playground');
  await expect(page.getByTestId('test-allowance')).toHaveText('Mensagens de teste neste mês: 0/1.000');
  await shootBothWidths(page, 'spend-test-allowance');
});
