import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import { FAKE_MARKER, FAKE_QUESTIONS, liveE2ePorts, type FakeMode } from './support/fake-openai';
import { expect, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * The wizard with a real AI endpoint configured ('ai-live' project): the harness's AI_BASE_URL is
 * a fake OpenAI-compatible server on 127.0.0.1, switched between answer modes per test.
 */
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== 'ai-live', "roda no projeto 'ai-live' (servidor de IA falso)");
});
test.describe.configure({ timeout: 180_000 });

const FAKE_URL = `http://127.0.0.1:${liveE2ePorts().fakeOpenAi}`;

async function setMode(mode: FakeMode) {
  const res = await fetch(`${FAKE_URL}/control/mode`, { method: 'POST', body: JSON.stringify({ mode }) });
  expect(res.ok).toBe(true);
}

const ANSWERS = [
  'Doce Encanto, confeitaria artesanal em Belo Horizonte.',
  'Mães organizando o aniversário dos filhos.',
  'Bolo decorado a partir de R$ 180 e kit festa por R$ 150.',
  'A cliente chama no WhatsApp e paga 50% de sinal no Pix.',
  '"Está caro" → explico que é tudo artesanal.',
  'Carinhoso, trata pelo primeiro nome.',
  'Enviar o formulário https://doceencanto.exemplo.com.br/pedido.',
];

async function answerKeyQuestions(page: Page) {
  await signedIn(page);
  await page.goto('/onboarding/train-ai?mode=create');
  for (let i = 0; i < 7; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de 7`)).toBeVisible();
    await page.getByLabel(KEY_QUESTIONS[i]!.pergunta).fill(ANSWERS[i]!);
    await page.getByRole('button', { name: i === 6 ? 'Continuar' : 'Próxima' }).click();
  }
  await expect(page.getByText('Perguntas de refinamento')).toBeVisible();
}

async function answerRefinementAndName(page: Page, total: number, name: string) {
  for (let i = 0; i < total; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de ${total}`)).toBeVisible();
    await page
      .getByRole('textbox')
      .first()
      .fill(`Resposta ${i + 1}: pedidos com 3 dias de antecedência.`);
    await page.getByRole('button', { name: i === total - 1 ? 'Continuar' : 'Próxima' }).click();
  }
  await page.getByLabel('Nome do agente').fill(name);
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();
  await expect(page.getByRole('heading', { name: 'Seu agente está pronto!' })).toBeVisible();
}

test('IA real (JSON válido): perguntas da IA e o prompt gravado tem as seções e as respostas', async ({ page }) => {
  await setMode('json');
  await answerKeyQuestions(page);
  await expect(page.getByRole('note', { name: 'Modo demonstração' })).toHaveCount(0);
  await expect(page.getByText(`Pergunta 1 de ${FAKE_QUESTIONS.total}`)).toBeVisible();
  await expect(page.getByLabel(FAKE_QUESTIONS.perguntas[0]!.pergunta)).toBeVisible();
  await expect(page.getByText(FAKE_QUESTIONS.contexto)).toBeVisible();
  await shootBothWidths(page, 'train-ai-live-refinement');
  await answerRefinementAndName(page, FAKE_QUESTIONS.total, 'Bia');

  await page.getByRole('link', { name: 'Ver meus agentes' }).click();
  await expect(page).toHaveURL(/\/agents-management$/);
  await page.getByTestId('agent-row').click();
  const prompt = page.getByRole('textbox', { name: 'Prompt do agente' });
  await expect(prompt).toHaveValue(new RegExp(FAKE_MARKER));
  for (const section of [
    '# Identidade',
    '# Objetivo',
    '# Contexto do negócio',
    '# Qualificação',
    '# Objeções',
    '# Fechamento',
    '# Tom de voz',
    '# Regras importantes',
  ]) {
    await expect(prompt).toHaveValue(new RegExp(section));
  }
  await expect(prompt).toHaveValue(/Doce Encanto, confeitaria artesanal em Belo Horizonte\./);
  await expect(prompt).toHaveValue(/Resposta 4: pedidos com 3 dias de antecedência\./);
  await expect(page.getByRole('note', { name: 'Modo demonstração' })).toHaveCount(0);
});

test('IA responde o JSON no meio de um texto: as perguntas são extraídas', async ({ page }) => {
  await setMode('prose');
  await answerKeyQuestions(page);
  await expect(page.getByText(`Pergunta 1 de ${FAKE_QUESTIONS.total}`)).toBeVisible();
  await expect(page.getByLabel(FAKE_QUESTIONS.perguntas[0]!.pergunta)).toBeVisible();
});

test('IA responde JSON inválido: perguntas padrão, e o roteiro é montado das respostas', async ({ page }) => {
  await setMode('invalid');
  await answerKeyQuestions(page);
  await expect(page.getByText('Pergunta 1 de 3')).toBeVisible();
  await expect(page.getByLabel(/Qual é o valor médio \(ticket\)/)).toBeVisible();
  await answerRefinementAndName(page, 3, 'Caio');
  await expect(
    page.getByText(
      'Não deu para usar a resposta da IA desta vez, então o roteiro foi montado diretamente das suas respostas.',
      { exact: false },
    ),
  ).toBeVisible();
});

test('IA fora do ar (HTTP 500): duas perguntas padrão', async ({ page }) => {
  await setMode('error500');
  try {
    await answerKeyQuestions(page);
    await expect(page.getByText('Pergunta 1 de 2')).toBeVisible();
    await expect(page.getByLabel(/Quais perguntas os seus clientes mais fazem/)).toBeVisible();
  } finally {
    await setMode('json');
  }
});
