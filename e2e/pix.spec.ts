import type { Page } from '@playwright/test';
import { confirmEmailThroughLink, expect, expectNoSeriousA11yViolations, signedIn, test } from './support/fixtures';
import { openChatMenu } from './support/fixtures';
import { connectNumber, trainAgentThroughApi } from './support/live-number';
import {
  addCamiseta,
  customerOrdersCamisetas,
  paymentConfirmed,
  payInLocalBank,
  PIX_CUSTOMER,
  PIX_SHOP_ANSWERS,
  PIX_TOTAL,
  pixReceived,
  shootAt,
} from './support/pix-journey';

/**
 * Pix charges in the chat (docs/decisions/038-pix-charges.md) with the simulator and the demo AI: the
 * owner picks 'Pix local de teste' in Configurações → 'Pagamentos Pix' and sells a catalogue item; a
 * customer writes 'quero 2 camisetas G'; the stand-in, like Asaas, charges only a payer with a CPF or
 * CNPJ, so this first order asks for it ('Aguardando CPF/CNPJ' in the inbox); the customer sends a CPF
 * and gets the Pix (copia e cola with the amount, then the QR image); in the local bank app the copia e cola opens the charge and 'Pagar' pays it; the customer
 * gets the confirmation, the inbox marks the order 'Pago' and Resultados counts the revenue.
 */

async function choosePixStandin(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Pagamentos Pix' });
  await section.getByRole('radio', { name: 'Pix local de teste' }).check();
  await section.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(section.getByText('Configurado com Pix local de teste')).toBeVisible({ timeout: 15_000 });
}

test('a customer orders in the chat, pays the Pix and the sale shows everywhere', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(page);
  // Receiving money needs the confirmed e-mail (docs/decisions/051-verified-email-and-membership-end.md).
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', PIX_SHOP_ANSWERS);
  await choosePixStandin(page);
  await addCamiseta(page);
  const { instance } = await connectNumber(page, 'Loja Norte');
  const phone = await page.context().newPage();

  // The customer asks and confirms on the phone.
  const { fromBusiness, say } = await customerOrdersCamisetas(phone, instance);

  // The stand-in, like Asaas, charges only a payer with a CPF or CNPJ: the first order asks for it.
  await expect(fromBusiness.filter({ hasText: 'preciso do CPF (ou CNPJ) de quem vai pagar' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  await expect(page.getByTestId('pix-status')).toContainText('Aguardando CPF/CNPJ', { timeout: 20_000 });
  await say('meu cpf é 529.982.247-25');

  // The Pix: the explanation with the total, the copia-e-cola alone, then the QR Code image.
  const copiaECola = await pixReceived(fromBusiness);

  // Before paying, the inbox shows the order waiting; 'Cobrar com Pix' opens its dialog.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  await expect(page.getByTestId('pix-status')).toHaveText(`Aguardando pagamento · ${PIX_TOTAL}`);
  await (await openChatMenu(page)).getByRole('menuitem', { name: 'Cobrar com Pix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cobrar com Pix' });
  await expect(dialog.getByLabel('Valor (R$)')).toBeVisible();
  await shootAt(page, 'pix-charge-dialog');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);

  // The customer's bank app: paste the copia e cola, see the charge, 'Pagar'.
  await payInLocalBank(page, copiaECola);

  // The customer is told; the inbox marks the order 'Pago'.
  await paymentConfirmed(page, fromBusiness);
  await expect(
    chat.locator('[data-testid="message"][data-author="ai"]', { hasText: `Pagamento de ${PIX_TOTAL} recebido` }),
  ).toHaveCount(1);
  await shootAt(page, 'pix-paid-mark');

  // Resultados: the order, paid, and the revenue received through Pix.
  await page.goto('/resultados?periodo=today');
  const card = page.getByText('Recebido por Pix', { exact: true }).locator('..');
  await expect(card).toContainText(PIX_TOTAL);
  await expect(card).toContainText('1 de 1 pedidos pagos');
});
