import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, screenshotOnDemand } from './fixtures';

/**
 * The steps the Pix journeys share (e2e/pix.spec.ts with the Asaas-like stand-in, e2e/pix-mercadopago.spec.ts
 * with the stand-in's Mercado Pago): the shop that sells camisetas, the customer who orders on the simulator's
 * phone, the copia e cola read from the chat and paid in the local bank app.
 */

export const PIX_SHOP_ANSWERS = [
  'Loja Norte, camisetas e moda casual em Curitiba.',
  'Jovens de 18 a 35 anos.',
  'Camisetas básicas a partir de R$ 49,90.',
  'O cliente chama no WhatsApp, escolhe o tamanho e paga no Pix.',
  'Está caro: o algodão é de primeira.',
  'Descontraída e direta.',
  'Enviar o Pix do pedido.',
];
export const PIX_CUSTOMER = { name: 'Rafael Costa', phone: '5511955554444' };
/** Two camisetas G at R$ 59,90. */
export const PIX_TOTAL = 'R$ 119,80';
/** Screenshots for people to look at (with SCREENS=1): outside the repository. */
const SCREENS = process.env.PIX_SCREENS_DIR ?? '/tmp/vendai-pix-screens';

export async function shootAt(page: Page, name: string) {
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

/** The catalogue item the customer orders: 'Camiseta básica', R$ 49,90, option G at R$ 59,90. */
export async function addCamiseta(page: Page) {
  const res = await page.request.post('/api/catalogue', {
    data: { name: 'Camiseta básica', priceCents: 4990, options: [{ name: 'G', priceCents: 5990 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * On the simulator's phone the customer starts a chat and writes 'Oi! quero 2 camisetas G'; the order is noted.
 * Returns the business's messages in that chat and `say(text)` to write more.
 */
export async function customerOrdersCamisetas(phone: Page, instance: string) {
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(PIX_CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(PIX_CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  const say = async (text: string) => {
    await phone.getByLabel('Mensagem do cliente').fill(text);
    await phone.getByLabel('Mensagem do cliente').press('Enter');
  };
  await say('Oi! quero 2 camisetas G');
  const fromBusiness = phone.getByRole('region', { name: 'Conversa' }).locator('[data-from="business"]');
  await expect(fromBusiness.filter({ hasText: 'Anotei seu pedido: 2x Camiseta básica (G)' })).toHaveCount(1, {
    timeout: 30_000,
  });
  return { fromBusiness, say };
}

/**
 * The Pix in the chat: the explanation with the catalogue's total, the copia-e-cola alone in the next message
 * (a customer who copies the whole message pastes exactly the code), then the QR Code image. Returns the code.
 */
export async function pixReceived(fromBusiness: Locator): Promise<string> {
  const pixText = fromBusiness.filter({ hasText: 'O Pix copia e cola vem na próxima mensagem' });
  await expect(pixText).toHaveCount(1, { timeout: 30_000 });
  await expect(pixText).toContainText(`Valor: ${PIX_TOTAL}`);
  await expect(pixText).toContainText('Segue o Pix para pagamento de 2x Camiseta básica (G).');
  const codeMessage = fromBusiness.filter({ hasText: /^000201/ });
  await expect(codeMessage).toHaveCount(1, { timeout: 30_000 });
  const copiaECola = (await codeMessage.locator('p').first().innerText()).trim();
  // One line, the code alone (a BR Code may hold spaces: the merchant's name).
  expect(copiaECola).toMatch(/^000201[^\n]+$/);
  const qr = fromBusiness.getByRole('img', { name: `QR Code Pix · ${PIX_TOTAL}` });
  await expect(qr).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return copiaECola;
}

/** The customer's bank app (/pix-local): paste the copia e cola, see the charge, 'Pagar'. */
export async function payInLocalBank(page: Page, copiaECola: string) {
  const bank = await page.context().newPage();
  await bank.goto('/pix-local');
  await bank.getByLabel('Código Pix copia e cola').fill(copiaECola);
  await bank.getByRole('button', { name: 'Continuar' }).click();
  await expect(bank).toHaveURL(/\/pix-local\/cobranca\/[^/]+$/);
  await expect(bank.locator('.amount')).toHaveText(PIX_TOTAL);
  await bank.getByRole('button', { name: 'Pagar' }).click();
  await expect(bank.getByText('Pix enviado. O recebedor já foi avisado.')).toBeVisible();
}

/** The customer is told the payment arrived; the inbox marks the order 'Pago'. */
export async function paymentConfirmed(page: Page, fromBusiness: Locator) {
  await expect(fromBusiness.filter({ hasText: `Pagamento de ${PIX_TOTAL} recebido, Rafael!` })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('pix-status')).toHaveText(`Pago · ${PIX_TOTAL}`, { timeout: 20_000 });
}
