import type { Page } from '@playwright/test';
import { expect, signedIn, shootBothWidths, test } from './support/fixtures';
import { connectNumber, trainAgentThroughApi } from './support/live-number';

/**
 * The AI sells from the catalogue (decision 025): the owner imports a CSV price list on 'Catálogo'; a
 * customer asks the price on WhatsApp (the simulator) and the answer quotes the catalogue (demo AI,
 * 'chromium'); with an AI that repeats whatever the customer said (the fake OpenAI-compatible server,
 * 'ai-live'), an invented price never reaches the customer: the agent's 'Vou confirmar…' text does.
 */

const ANSWERS = [
  'Doce Encanto, confeitaria artesanal em Belo Horizonte.',
  'Mães organizando festas de aniversário.',
  'Bolos e doces para festas.',
  'A cliente chama no WhatsApp e paga no Pix.',
  'Está caro: explico que é artesanal.',
  'Carinhosa e animada.',
  'Enviar o formulário de pedido.',
];

const CSV = 'Produto;Preço (R$);Unidade\r\nBolo de chocolate;80,00;kg\r\n\r\nTorta de limão;1.250,00;unidade\r\n';
const CUSTOMER = { name: 'Carla Dias', phone: '5511977776666' };

async function customerSays(page: Page, instance: string, text: string) {
  const res = await page.request.post(`/simulator/ui-api/instances/${instance}/messages`, {
    data: { customer: CUSTOMER, message: { type: 'text', text } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function importThroughUi(page: Page) {
  await page.goto('/catalogo');
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await dialog.getByLabel('Arquivo da planilha').setInputFiles({
    name: 'precos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await expect(dialog.getByLabel('Coluna: Nome')).toHaveValue('0');
  await expect(dialog.getByLabel('Coluna: Preço')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(dialog.getByTestId('import-summary')).toContainText('2 novos');
  await expect(dialog).toContainText('R$ 1.250,00');
  await shootBothWidths(page, 'catalogue-import-preview');
  await dialog.getByRole('button', { name: 'Importar 2 itens' }).click();
  await expect(page.getByText('Catálogo importado: 2 novos, 0 atualizados.')).toBeVisible();
  await expect(page.getByTestId('catalogue-list')).toContainText('Torta de limão');
}

async function openChat(page: Page) {
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
  return page.getByRole('region', { name: 'Conversa' }).locator('[data-testid="message"][data-author="ai"]');
}

test('imported prices are what the AI quotes on WhatsApp', async ({ page }, info) => {
  test.skip(info.project.name === 'ai-live', "roda no projeto 'chromium' (IA de demonstração)");
  test.setTimeout(180_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', ANSWERS);
  await importThroughUi(page);
  const { instance } = await connectNumber(page, 'Loja Centro');
  await customerSays(page, instance, 'Oi! Quanto custa o bolo de chocolate?');
  const ai = await openChat(page);
  await expect(ai).toHaveCount(1, { timeout: 30_000 });
  await expect(ai.first()).toContainText('Bolo de chocolate: R$ 80,00 por kg');

  // The agent's own 'vou confirmar' text, kept after a reload.
  await page.goto('/catalogo');
  await expect(page.getByLabel('Mensagem ao cliente')).toHaveValue('Vou confirmar e já te respondo.');
  await page.getByLabel('Mensagem ao cliente').fill('Deixa eu confirmar com a equipe e já te falo!');
  await page.getByRole('button', { name: 'Salvar proteção de preços' }).click();
  await expect(page.getByText('Proteção de preços salva.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Mensagem ao cliente')).toHaveValue('Deixa eu confirmar com a equipe e já te falo!');
  await shootBothWidths(page, 'catalogue-price-guard');
});

test('an invented price never reaches the customer', async ({ page }, info) => {
  test.skip(info.project.name !== 'ai-live', "roda no projeto 'ai-live' (servidor de IA falso)");
  test.setTimeout(180_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', ANSWERS);
  await importThroughUi(page);
  const { instance } = await connectNumber(page, 'Loja Centro');
  // The fake AI repeats the customer's words: a catalogue price passes…
  await customerSays(page, instance, 'O bolo de chocolate é R$ 80,00?');
  const ai = await openChat(page);
  await expect(ai).toHaveCount(1, { timeout: 30_000 });
  await expect(ai.first()).toContainText('R$ 80,00');
  // …an invented one is held back twice, and the customer gets the agent's fallback text.
  await customerSays(page, instance, 'Faz por R$ 999?');
  await expect(ai).toHaveCount(2, { timeout: 30_000 });
  await expect(ai.nth(1)).toHaveText(/Vou confirmar e já te respondo\./);
  await expect(
    page.getByRole('region', { name: 'Conversa' }).locator('[data-author="ai"]', { hasText: '999' }),
  ).toHaveCount(0);
});
