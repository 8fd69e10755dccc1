import type { Page } from '@playwright/test';
import {
  confirmEmailThroughLink,
  expect,
  expectNoSeriousA11yViolations,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import { connectCloudNumberThroughSimulator, trainAgentThroughApi } from './support/live-number';
import { addCamiseta, payInLocalBank, PIX_CUSTOMER, PIX_SHOP_ANSWERS, PIX_TOTAL } from './support/pix-journey';

/**
 * Which ad sold (docs/decisions/071-ad-attribution.md), with the simulator's official-API number, the demo AI and
 * the local Pix: a customer taps a Click-to-WhatsApp ad ('Camiseta no precinho') and writes from it on the
 * simulator; the chat shows the ad's card above the first message; the customer orders two camisetas, gives a CPF
 * and pays the Pix in the local bank; Resultados → 'Origem das vendas' shows the sale under that ad.
 */

const AD = 'Camiseta no precinho';

async function choosePixStandin(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Pagamentos Pix' });
  await section.getByRole('radio', { name: 'Pix local de teste' }).check();
  await section.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(section.getByText('Configurado com Pix local de teste')).toBeVisible({ timeout: 15_000 });
}

/** What the simulated Meta holds of the business's messages to the customer (newest last). */
async function businessTexts(page: Page, phoneNumberId: string): Promise<string[]> {
  const res = await page.request.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`);
  const list = (await res.json()) as { waId: string; fromMe: boolean; text: string }[];
  return list.filter((m) => m.fromMe && m.waId === PIX_CUSTOMER.phone).map((m) => m.text);
}

test('a customer comes from an ad, pays the Pix, and the sale shows under that ad', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await signedIn(page);
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', PIX_SHOP_ANSWERS);
  await choosePixStandin(page);
  await addCamiseta(page);
  const number = await connectCloudNumberThroughSimulator(page, 'Loja Norte');
  const phoneNumberId = `10${number.phone}`;

  // The customer taps the ad and writes; the simulator sends Meta's referral with the first message.
  const phone = await page.context().newPage();
  await phone.goto('/simulador?aba=api-oficial');
  const sim = phone.getByRole('region', { name: 'Conversa na API oficial' });
  await sim.getByLabel('Cliente (número)').fill(PIX_CUSTOMER.phone);
  await sim.getByLabel('Nome do cliente').fill(PIX_CUSTOMER.name);
  await sim.getByRole('checkbox', { name: /vem de um anúncio/ }).check();
  await sim.getByLabel('Título do anúncio').fill(AD);
  const say = async (text: string) => {
    await sim.getByLabel('Mensagem do cliente').fill(text);
    await sim.getByRole('button', { name: 'Enviar' }).click();
    await expect(sim.getByLabel('Mensagem do cliente')).toHaveValue('');
  };
  await say('Oi! quero 2 camisetas G');
  await expect(sim.getByRole('checkbox', { name: /vem de um anúncio/ })).not.toBeChecked();
  await expect
    .poll(async () => (await businessTexts(page, phoneNumberId)).join('\n'), { timeout: 30_000 })
    .toContain('preciso do CPF (ou CNPJ) de quem vai pagar');

  // The owner sees where the customer came from: the ad's card above the first message, and on the panel.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const card = chat.getByTestId('ad-card');
  await expect(card).toContainText(AD);
  await expect(card).toContainText('Veio de um anúncio');
  await expect(card).toContainText('grátis por 72 h');
  await shootBothWidths(page, 'ad-attribution-chat');
  await expectNoSeriousA11yViolations(page);

  // The CPF, the Pix, and the payment in the local bank.
  await say('meu cpf é 529.982.247-25');
  let copiaECola = '';
  await expect
    .poll(
      async () => {
        copiaECola = (await businessTexts(page, phoneNumberId)).find((t) => /^000201/.test(t.trim()))?.trim() ?? '';
        return copiaECola;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^000201/);
  await payInLocalBank(page, copiaECola);
  await expect
    .poll(async () => (await businessTexts(page, phoneNumberId)).join('\n'), { timeout: 30_000 })
    .toContain(`Pagamento de ${PIX_TOTAL} recebido`);

  // Resultados: the sale under the ad.
  await page.goto('/resultados?periodo=today');
  const sources = page.getByTestId('results-sources');
  const row = sources.getByTestId('source-row').filter({ hasText: AD });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Anúncio');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row).toContainText(PIX_TOTAL);
  // The owner enters what the ad cost: cost per conversation and per sale.
  await row.getByRole('button', { name: `Informar o custo de ${AD}` }).click();
  await row.getByLabel('Custo total (R$)').fill('50,00');
  await row.getByRole('button', { name: 'Salvar' }).click();
  await expect(row.getByRole('cell').nth(6)).toHaveText('R$ 50,00');
  await expect(row.getByRole('cell').nth(7)).toHaveText('R$ 50,00');
  await sources.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'ad-attribution-results');
  await expectNoSeriousA11yViolations(page);
});
