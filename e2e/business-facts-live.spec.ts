import { liveE2ePorts, type RecordedRequest } from './support/fake-openai';
import { expect, expectNoSeriousA11yViolations, shootBothWidths, signedIn, test } from './support/fixtures';
import { trainAgentThroughApi } from './support/live-number';

/**
 * The business's facts typed once (docs/decisions/066-business-facts-in-one-place.md), in the 'ai-live'
 * project whose AI is the fake OpenAI-compatible server (so the test reads the exact request the AI got):
 * the owner fills 'Dados do negócio' and the hours on Configurações; Conhecimento and the training's
 * questions show the same values with a link back; the playground's next AI request carries them in its
 * context block; the owner changes the hours on Configurações and the next request has the new ones.
 * At 1280 and 390 px.
 */
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== 'ai-live', "roda no projeto 'ai-live' (servidor de IA falso)");
});

const FAKE_URL = `http://127.0.0.1:${liveE2ePorts().fakeOpenAi}`;
const ADDRESS = 'Rua das Flores, 120 — Vila Mariana, São Paulo';
const PAYMENT = 'Pix, dinheiro e cartão em até 3x';
const DELIVERY = 'Vila Mariana, Moema e Saúde (taxa R$ 8)';
const NOTE = 'Aos sábados, encomendas só até as 11h.';

/** The context block (second system message) of the latest reply request the fake AI received. */
async function lastContextBlock(): Promise<string> {
  const requests = (await (await fetch(`${FAKE_URL}/control/requests`)).json()) as RecordedRequest[];
  const block = requests
    .map((r) => r.messages[1]?.content)
    .findLast((c): c is string => typeof c === 'string' && c.startsWith('Contexto (não mostre ao cliente)'));
  expect(block, 'a reply request with its context block').toBeDefined();
  return block!;
}

async function askPlayground(page: import('@playwright/test').Page, text: string, count: number) {
  await page.goto('/playground');
  await page.getByLabel('Mensagem', { exact: true }).fill(text);
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(page.getByTestId('playground-ai')).toHaveCount(count, { timeout: 30_000 });
}

test('Dados do negócio: escritos uma vez em Configurações, vistos no treinamento, no Conhecimento e no contexto da IA', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await fetch(`${FAKE_URL}/control/reset`, { method: 'POST' });
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', ['Doce Encanto, confeitaria artesanal em São Paulo.']);

  // Configurações: the hours (Mon–Fri 08–18, Sat 08–13 offered first) and the facts, each saved once.
  await page.goto('/settings');
  await page.getByLabel('Informar o horário de atendimento').check();
  await page.getByRole('button', { name: 'Salvar horário' }).click();
  await expect(page.getByText('Horário da empresa salvo.')).toBeVisible();
  const facts = page.getByRole('region', { name: 'Dados do negócio' });
  await facts.getByLabel('Endereço').fill(ADDRESS);
  await facts.getByLabel('Formas de pagamento').fill(PAYMENT);
  await facts.getByLabel('Áreas de entrega').fill(DELIVERY);
  await facts.getByLabel('Observação sobre o horário').fill('x'.repeat(501));
  await facts.getByRole('button', { name: 'Salvar dados do negócio' }).click();
  await expect(facts.getByRole('alert')).toHaveText('Use no máximo 500 caracteres.');
  await facts.getByLabel('Observação sobre o horário').fill(NOTE);
  await facts.getByRole('button', { name: 'Salvar dados do negócio' }).click();
  await expect(page.getByText('Dados do negócio salvos.')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothWidths(page, 'business-facts-settings');
  await expectNoSeriousA11yViolations(page);

  // Conhecimento shows the same record, with the way back to it.
  await page.goto('/conhecimento');
  const card = page.getByTestId('business-facts');
  await expect(card).toContainText('segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado. ' + NOTE);
  await expect(card).toContainText(ADDRESS);
  await expect(card).toContainText(PAYMENT);
  await expect(card).toContainText(DELIVERY);
  await shootBothWidths(page, 'business-facts-knowledge');
  await expectNoSeriousA11yViolations(page);

  // The training's question about the sale shows them instead of asking again.
  const [agent] = (await (await page.request.get('/api/agents')).json()) as { id: string }[];
  await page.goto(`/onboarding/train-ai?mode=update&agentId=${agent!.id}`);
  for (let i = 0; i < 3; i++) {
    await page.getByRole('textbox').fill(`Resposta ${i + 1}: uma confeitaria de bolos artesanais.`);
    await page.getByRole('button', { name: 'Próxima' }).click();
  }
  await expect(page.getByText('Como funciona a sua venda hoje, do primeiro contato até o pagamento?')).toBeVisible();
  const trainingCard = page.getByTestId('business-facts');
  await expect(trainingCard).toContainText(PAYMENT);
  await expect(trainingCard).toContainText(ADDRESS);
  await shootBothWidths(page, 'business-facts-training');
  await trainingCard.getByRole('link', { name: 'Editar em Configurações' }).click();
  await expect(page).toHaveURL(/\/settings#dados-do-negocio$/);

  // The AI's next request carries the facts in its context block.
  await askPlayground(page, 'Onde fica a loja?', 1);
  const block = await lastContextBlock();
  expect(block).toContain(
    '- Horário de atendimento: segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado. ' + NOTE,
  );
  expect(block).toContain(`- Endereço: ${ADDRESS}`);
  expect(block).toContain(`- Formas de pagamento: ${PAYMENT}`);
  expect(block).toContain(`- Áreas de entrega: ${DELIVERY}`);

  // The owner changes the hours on Configurações: Saturday until 15:00; the next request has it.
  await page.goto('/settings');
  await page.getByLabel('Sábado: fecha às').fill('15:00');
  await page.getByRole('button', { name: 'Salvar horário' }).click();
  await expect(page.getByText('Horário da empresa salvo.')).toBeVisible();
  await askPlayground(page, 'Até que horas abre no sábado?', 1);
  expect(await lastContextBlock()).toContain(
    '- Horário de atendimento: segunda a sexta 08:00–18:00; sábado 08:00–15:00; domingo fechado. ' + NOTE,
  );
});
