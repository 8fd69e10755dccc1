import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';

/**
 * Plans and billing (docs/decisions/012-payments-stripe-and-local-stand-in.md) as a new owner would, against the local payments stand-in (the
 * harness runs in production mode with PAYMENTS_STANDIN_ENABLED=true and no Stripe keys).
 */
test.describe.configure({ timeout: 360_000 });

async function seedAgent(email: string) {
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({ email, withoutNumber: true, agents: ['Vendedora'] }),
  });
  expect(res.ok).toBe(true);
}

test('free owner at the agent limit upgrades to Expansão IA, manages and cancels the subscription', async ({
  page,
}) => {
  const person = await signedIn(page);
  await seedAgent(person.email);

  // The free plan's agent limit: 'Ver Planos' leads to /pricing.
  await page.goto('/agents-management');
  await expect(page.getByText('1/1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Agente' }).click();
  await page.getByRole('button', { name: 'Ver Planos' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Gratuito',
    'Expansão IA',
    'Consciência VendAI',
    'Sem Limites',
  ]);
  const expansao = page.getByRole('article', { name: 'Expansão IA' });
  await expect(expansao.getByText('Mais Popular')).toBeVisible();
  await expect(expansao.getByText(/US\$\s47,00/)).toBeVisible();
  await expect(expansao.getByText('3 agentes')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Gratuito' }).getByRole('button', { name: 'Plano Atual' }),
  ).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', '/dashboard');
  await shootBothWidths(page, 'billing-pricing');
  await expectNoSeriousA11yViolations(page);

  // Sem Limites opens the configured sales chat (answered locally: nothing leaves the machine).
  await page
    .context()
    .route(/^https:\/\/wa\.me\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Chat de vendas</p>' }),
    );
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('article', { name: 'Sem Limites' }).getByRole('link', { name: 'Consultar Valores' }).click();
  const popup = await popupPromise;
  expect(popup.url()).toMatch(/^https:\/\/wa\.me\/5511999990000/);
  await popup.close();

  // Expansão IA: the payment dialog, then the local checkout page.
  await expansao.getByRole('button', { name: 'Assinar Expansão IA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assinar Expansão IA' });
  await expect(dialog).toBeVisible();
  await shootBothWidths(page, 'billing-payment-dialog');
  await dialog.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page).toHaveURL(/\/pagamentos-local\/checkout\/cs_local_/);
  await expect(page.getByRole('heading', { name: 'Assinar Expansão IA' })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
  await shootBothWidths(page, 'billing-local-checkout');
  await page.getByRole('button', { name: 'Pagar' }).click();

  // Back in the app: confirmation, the new plan label and the raised limits.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Pagamento confirmado! Seu novo plano já está ativo.')).toBeVisible();
  await expect(page.getByTitle('Seu plano atual')).toHaveText('Expansão IA');
  await page.goto('/agents-management');
  await expect(page.getByText('1/3', { exact: true })).toBeVisible();
  await page.goto('/pricing');
  await expect(
    page.getByRole('article', { name: 'Expansão IA' }).getByRole('button', { name: 'Plano Atual' }),
  ).toBeDisabled();

  // 'Gerenciar assinatura' opens the local portal; cancel: the plan stays until the period ends.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Gerenciar assinatura' }).click();
  await expect(page).toHaveURL(/\/pagamentos-local\/portal\/bps_local_/);
  await expect(page.getByText('Ativa: renova em')).toBeVisible();
  await shootBothWidths(page, 'billing-local-portal');
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(page.getByText(/Cancelada: termina em/)).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao VendAI' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTitle('Seu plano atual')).toHaveText('Expansão IA');
  await page.goto('/pricing');
  await expect(page.getByText(/Sua assinatura foi cancelada e termina em/)).toBeVisible();

  // The stand-in's test clock moves past the period's end: back to the free plan and its limits.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Gerenciar assinatura' }).click();
  await expect(page).toHaveURL(/\/pagamentos-local\/portal\//);
  await page.getByRole('button', { name: 'Avançar o relógio em 31 dias' }).click();
  await expect(page.getByText('Nenhuma assinatura ativa.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao VendAI' }).click();
  await expect(page.getByTitle('Seu plano atual')).toHaveText('Gratuito');
  await page.goto('/agents-management');
  await expect(page.getByText('1/1', { exact: true })).toBeVisible();

  // Free again: 'Gerenciar assinatura' shows 'Plano Gratuito' with 'Ver Planos'.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Gerenciar assinatura' }).click();
  await expect(page.getByRole('dialog', { name: 'Plano Gratuito' })).toBeVisible();
});

test('pricing keeps the query string on the back link, cancels a checkout, and shows the load errors', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/pricing?origem=limite');
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute(
    'href',
    '/dashboard?origem=limite',
  );

  // Cancelar on the checkout page: back on /pricing, nothing changed.
  await page
    .getByRole('article', { name: 'Consciência VendAI' })
    .getByRole('button', { name: 'Assinar Consciência VendAI' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page).toHaveURL(/\/pagamentos-local\/checkout\//);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
  await expect(page.getByText('Pagamento cancelado. Nenhuma cobrança foi feita.')).toBeVisible();
  await expect(page.getByTitle('Seu plano atual')).toHaveText('Gratuito');

  // A checkout refused by the server: its message in the dialog's red box.
  await page.route('**/api/billing/create-checkout-session', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'NOT_CONFIGURED',
          message: 'Pagamentos não configurados neste servidor. O plano gratuito continua disponível.',
        },
      }),
    }),
  );
  await page.getByRole('article', { name: 'Expansão IA' }).getByRole('button', { name: 'Assinar Expansão IA' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Pagamentos não configurados neste servidor. O plano gratuito continua disponível.',
  );
  await page.route('**/api/billing/create-checkout-session', (route) => route.fulfill({ status: 502, body: '' }));
  await page.getByRole('dialog').getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Erro HTTP 502');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

  await page.route('**/api/plans', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/pricing');
  await expect(page.getByText('Erro ao carregar planos. Por favor, recarregue a página.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
});
