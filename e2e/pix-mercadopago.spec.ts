import { confirmEmailThroughLink, expect, signedIn, test } from './support/fixtures';
import { connectNumber, trainAgentThroughApi } from './support/live-number';
import * as pix from './support/pix-journey';

/**
 * The Mercado Pago path (docs/decisions/038-pix-charges.md, 055-pix-orders-state-machine.md) against the local
 * stand-in's Mercado Pago (the harness runs with PIX_MERCADOPAGO_URL=local): the owner creates credentials on
 * /pix-local ('Criar credenciais do Mercado Pago local', as in Mercado Pago's panel), pastes the access token
 * and the webhooks' secret signature in Configurações → Pagamentos Pix → Mercado Pago, whose webhook URL shows
 * before saving; a customer orders on the simulator; the Pix comes (Mercado Pago asks no CPF); the order shows
 * 'Aguardando pagamento' in the inbox; 'Pagar' in the local bank app sends Mercado Pago's signed notification;
 * the customer is told and the order is 'Pago'.
 */
test('Mercado Pago: configurado pelo painel local, o cliente paga o Pix e o pedido fica Pago', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(page);
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', pix.PIX_SHOP_ANSWERS);
  await pix.addCamiseta(page);

  // Mercado Pago's panel, played by the stand-in: an application's access token and its secret signature.
  const panel = await page.context().newPage();
  await panel.goto('/pix-local');
  await panel.getByRole('button', { name: 'Criar credenciais do Mercado Pago local' }).click();
  const accessToken = (await panel.locator('[data-credential="access-token"]').innerText()).trim();
  const webhookSecret = (await panel.locator('[data-credential="webhook-secret"]').innerText()).trim();
  expect(accessToken).not.toBe('');
  await panel.close();

  // Configurações → Pagamentos Pix → Mercado Pago: the webhook URL is there before saving.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Pagamentos Pix' });
  await section.getByRole('radio', { name: 'Mercado Pago' }).check();
  await expect(section.getByText('cadastre esta URL com o evento Pagamentos')).toBeVisible();
  await section.getByLabel('Access token do Mercado Pago').fill(accessToken);
  await section.getByLabel('Assinatura secreta dos webhooks (opcional)').fill(webhookSecret);
  await section.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(section.getByText(/Configurado com Mercado Pago/)).toBeVisible({ timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  await pix.shootAt(page, 'pix-mercadopago-settings');

  const { instance } = await connectNumber(page, 'Loja Norte');
  const phone = await page.context().newPage();
  const { fromBusiness } = await pix.customerOrdersCamisetas(phone, instance);
  const copiaECola = await pix.pixReceived(fromBusiness);

  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: pix.PIX_CUSTOMER.name }).click();
  await expect(page.getByTestId('pix-status')).toHaveText(`Aguardando pagamento · ${pix.PIX_TOTAL}`, {
    timeout: 20_000,
  });

  await pix.payInLocalBank(page, copiaECola);
  await pix.paymentConfirmed(page, fromBusiness);
  await pix.shootAt(page, 'pix-mercadopago-paid');
});
