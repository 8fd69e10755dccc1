import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  confirmEmailThroughLink,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  screenshotOnDemand,
  signedIn,
  test,
} from './support/fixtures';
import { openChatMenu } from './support/fixtures';
import { connectNumberThroughSimulator, trainAgentThroughApi } from './support/live-number';

/**
 * Pix charges in the chat (docs/decisions/038-pix-charges.md) with the simulator and the demo AI: the
 * owner picks 'Pix local de teste' in Configurações → 'Pagamentos Pix' and sells a catalogue item; a
 * customer writes 'quero 2 camisetas G'; the stand-in, like Asaas, charges only a payer with a CPF or
 * CNPJ, so this first order asks for it ('Aguardando CPF/CNPJ' in the inbox); the customer sends a CPF
 * and gets the Pix (copia e cola with the amount, then the QR image); in the local bank app the copia e cola opens the charge and 'Pagar' pays it; the customer
 * gets the confirmation, the inbox marks the order 'Pago' and Resultados counts the revenue.
 */

const ANSWERS = [
  'Loja Norte, camisetas e moda casual em Curitiba.',
  'Jovens de 18 a 35 anos.',
  'Camisetas básicas a partir de R$ 49,90.',
  'O cliente chama no WhatsApp, escolhe o tamanho e paga no Pix.',
  'Está caro: o algodão é de primeira.',
  'Descontraída e direta.',
  'Enviar o Pix do pedido.',
];
const CUSTOMER = { name: 'Rafael Costa', phone: '5511955554444' };
const TOTAL = 'R$ 119,80';
/** Screenshots for people to look at (with SCREENS=1): outside the repository. */
const SCREENS = process.env.PIX_SCREENS_DIR ?? '/tmp/vendai-pix-screens';

async function shootAt(page: Page, name: string) {
  await mkdir(SCREENS, { recursive: true });
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalOverflow(page);
    await screenshotOnDemand(page, `${SCREENS}/${name}-${label}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function choosePixStandin(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Pagamentos Pix' });
  await section.getByRole('radio', { name: 'Pix local de teste' }).check();
  await section.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(section.getByText('Configurado com Pix local de teste')).toBeVisible({ timeout: 15_000 });
}

async function addCamiseta(page: Page) {
  const res = await page.request.post('/api/catalogue', {
    data: { name: 'Camiseta básica', priceCents: 4990, options: [{ name: 'G', priceCents: 5990 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a customer orders in the chat, pays the Pix and the sale shows everywhere', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(page);
  // Receiving money needs the confirmed e-mail (docs/decisions/051-verified-email-and-membership-end.md).
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', ANSWERS);
  await choosePixStandin(page);
  await addCamiseta(page);
  const { instance, phone } = await connectNumberThroughSimulator(page, 'Loja Norte');

  // The customer asks and confirms on the phone.
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByLabel('Mensagem do cliente').fill('Oi! quero 2 camisetas G');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  const fromBusiness = phone.getByRole('region', { name: 'Conversa' }).locator('[data-from="business"]');
  await expect(fromBusiness.filter({ hasText: 'Anotei seu pedido: 2x Camiseta básica (G)' })).toHaveCount(1, {
    timeout: 30_000,
  });

  // The stand-in, like Asaas, charges only a payer with a CPF or CNPJ: the first order asks for it.
  await expect(fromBusiness.filter({ hasText: 'preciso do CPF (ou CNPJ) de quem vai pagar' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
  await expect(page.getByTestId('pix-status')).toContainText('Aguardando CPF/CNPJ', { timeout: 20_000 });
  await phone.getByLabel('Mensagem do cliente').fill('meu cpf é 529.982.247-25');
  await phone.getByLabel('Mensagem do cliente').press('Enter');

  // The Pix: the explanation with the catalogue's total, the copia-e-cola alone in the next message (a
  // customer who copies the whole message pastes exactly the code), then the QR Code image.
  const pixText = fromBusiness.filter({ hasText: 'O Pix copia e cola vem na próxima mensagem' });
  await expect(pixText).toHaveCount(1, { timeout: 30_000 });
  await expect(pixText).toContainText(`Valor: ${TOTAL}`);
  await expect(pixText).toContainText('Segue o Pix para pagamento de 2x Camiseta básica (G).');
  const codeMessage = fromBusiness.filter({ hasText: /^000201/ });
  await expect(codeMessage).toHaveCount(1, { timeout: 30_000 });
  const copiaECola = (await codeMessage.locator('p').first().innerText()).trim();
  // One line, the code alone (a BR Code may hold spaces: the merchant's name, here 'VendAI Pix local').
  expect(copiaECola).toMatch(/^000201[^\n]+$/);
  const qr = fromBusiness.getByRole('img', { name: `QR Code Pix · ${TOTAL}` });
  await expect(qr).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Before paying, the inbox shows the order waiting; 'Cobrar com Pix' opens its dialog.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  await expect(page.getByTestId('pix-status')).toHaveText(`Aguardando pagamento · ${TOTAL}`);
  await (await openChatMenu(page)).getByRole('menuitem', { name: 'Cobrar com Pix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cobrar com Pix' });
  await expect(dialog.getByLabel('Valor (R$)')).toBeVisible();
  await shootAt(page, 'pix-charge-dialog');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);

  // The customer's bank app: paste the copia e cola, see the charge, 'Pagar'.
  const bank = await page.context().newPage();
  await bank.goto('/pix-local');
  await bank.getByLabel('Código Pix copia e cola').fill(copiaECola);
  await bank.getByRole('button', { name: 'Continuar' }).click();
  await expect(bank).toHaveURL(/\/pix-local\/cobranca\/[^/]+$/);
  await expect(bank.locator('.amount')).toHaveText(TOTAL);
  await bank.getByRole('button', { name: 'Pagar' }).click();
  await expect(bank.getByText('Pix enviado. O recebedor já foi avisado.')).toBeVisible();

  // The customer is told; the inbox marks the order 'Pago'.
  await expect(fromBusiness.filter({ hasText: `Pagamento de ${TOTAL} recebido, Rafael!` })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('pix-status')).toHaveText(`Pago · ${TOTAL}`, { timeout: 20_000 });
  await expect(
    chat.locator('[data-testid="message"][data-author="ai"]', { hasText: `Pagamento de ${TOTAL} recebido` }),
  ).toHaveCount(1);
  await shootAt(page, 'pix-paid-mark');

  // Resultados: the order, paid, and the revenue received through Pix.
  await page.goto('/resultados?periodo=today');
  const card = page.getByText('Recebido por Pix', { exact: true }).locator('..');
  await expect(card).toContainText(TOTAL);
  await expect(card).toContainText('1 de 1 pedidos pagos');
});
