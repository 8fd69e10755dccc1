import {
  confirmEmailThroughLink,
  expect,
  expectNoSeriousA11yViolations,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import { connectNumberThroughSimulator, startCustomerChat, trainAgentThroughApi } from './support/live-number';
import {
  addCamiseta,
  paymentConfirmed,
  payInLocalBank,
  PIX_CUSTOMER,
  PIX_SHOP_ANSWERS,
  PIX_TOTAL,
  pixReceived,
} from './support/pix-journey';

/**
 * 'Campanhas' (docs/decisions/072-campaigns.md) in the browser, with the simulator and the demo AI: a customer
 * wrote to the shop; the owner records the customer's consent on the contact panel, builds an audience in
 * 'Campanhas' (the live count, who is left out and why), writes the message, sees the cost and the QR track's
 * warning and sends; the customer gets the AI's variation of the text, answers, orders two camisetas and pays
 * the Pix; the campaign's card shows the reply, the order and the paid revenue. 1280 and 390 px, axe.
 */
test('the owner sends a campaign to a customer with consent, who answers and buys', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await signedIn(page);
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', PIX_SHOP_ANSWERS);
  // Open every day (the journey may run at any hour): campaigns go only inside the business hours.
  const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
  const hours = await page.request.put('/api/settings/business', {
    data: { timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  await page.goto('/settings');
  const pix = page.getByRole('region', { name: 'Pagamentos Pix' });
  await pix.getByRole('radio', { name: 'Pix local de teste' }).check();
  await pix.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(pix.getByText('Configurado com Pix local de teste')).toBeVisible({ timeout: 15_000 });
  await addCamiseta(page);
  const { instance, phone } = await connectNumberThroughSimulator(page, 'Loja Norte');

  // The customer wrote to the shop last week (here: now) and the AI answered.
  const say = await startCustomerChat(phone, instance, PIX_CUSTOMER);
  await say('Oi, vocês têm camiseta básica?');
  const fromBusiness = phone.getByRole('region', { name: 'Conversa' }).locator('[data-from="business"]');
  await expect(fromBusiness).not.toHaveCount(0, { timeout: 30_000 });

  // 'Campanhas' is in the navigation; nobody has consent yet: the count says who is left out and why.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Campanhas' }).first().click();
  await expect(page.getByRole('heading', { name: 'Campanhas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('0 de 1');
  await expect(page.getByText('1 fora: Sem consentimento registrado')).toBeVisible();

  // The owner records the consent on the contact panel.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  const panel = page.getByRole('complementary', { name: 'Painel do contato' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Abrir painel do contato' }).click();
  await panel.getByRole('button', { name: 'Registrar consentimento' }).click();
  await panel.getByLabel('Como o cliente aceitou?').selectOption({ label: 'Perguntei na conversa' });
  await panel.getByRole('button', { name: 'Registrar agora' }).click();
  await expect(panel.getByTestId('consent-active')).toContainText('Aceita receber campanhas');
  await expectNoSeriousA11yViolations(page);

  // The guided builder: audience → message → cost and consent summary → send.
  await page.goto('/campanhas');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('1 de 1');
  await shootBothWidths(page, 'campaigns-audience');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Nome da campanha (só você vê)').fill('Volta às aulas');
  await page.getByLabel('Quer ajuda da IA? Diga o objetivo').fill('camisetas básicas novas chegaram');
  await page.getByRole('button', { name: 'Sugerir texto' }).click();
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue(/\{nome\}/);
  await page
    .getByLabel('Mensagem', { exact: true })
    .fill('Oi {nome}! Chegaram camisetas básicas novas, a partir de R$ 49,90. Quer ver?');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('campaign-cost')).toHaveText('Sem custo da Meta (QR Code)');
  await expect(page.getByText('podem levar ao bloqueio do número')).toBeVisible();
  await shootBothWidths(page, 'campaigns-summary');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();

  // The customer gets the AI's variation of the owner's text (the price kept).
  const campaignMessage = fromBusiness.filter({ hasText: 'R$ 49,90. Quer ver?' });
  await expect(campaignMessage).toHaveCount(1, { timeout: 60_000 });
  await expect(campaignMessage).toContainText('Rafael');

  // The customer answers and buys: the reply goes to the AI like any customer message.
  await say('quero 2 camisetas G');
  await expect(fromBusiness.filter({ hasText: 'Anotei seu pedido: 2x Camiseta básica (G)' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(fromBusiness.filter({ hasText: 'preciso do CPF (ou CNPJ) de quem vai pagar' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await say('meu cpf é 529.982.247-25');
  const copiaECola = await pixReceived(fromBusiness);
  await payInLocalBank(page, copiaECola);
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  await paymentConfirmed(page, fromBusiness);

  // The campaign shows the sale.
  await page.goto('/campanhas');
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Volta às aulas' });
  await expect(card.getByTestId('campaign-Enviadas')).toHaveText('1 de 1');
  await expect(card.getByTestId('campaign-Responderam')).toHaveText('1');
  await expect(card.getByTestId('campaign-Pedidos')).toHaveText('1');
  await expect(card.getByTestId('campaign-Receita paga')).toHaveText(PIX_TOTAL);
  await shootBothWidths(page, 'campaigns-results');
  await expectNoSeriousA11yViolations(page);
});
