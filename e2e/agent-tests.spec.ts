import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import { expect, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * 'Testes do assistente' with the demo AI (docs/decisions/039-agent-tests.md): an owner opens the tests,
 * gets the suggested set, runs it, edits the prompt so that a case breaks, and sees it fail in the gate
 * before publishing ('Publicar mesmo assim').
 */
test.describe.configure({ timeout: 180_000 });

const ANSWERS = [
  'Doce Encanto, confeitaria artesanal em Belo Horizonte, há 6 anos fazendo bolos de festa.',
  'Mães de 28 a 45 anos organizando o aniversário dos filhos.',
  'Bolo decorado a partir de R$ 180 (serve 20 pessoas) e kit festa com 100 docinhos por R$ 150.',
  'A cliente chama no WhatsApp, escolhe tema e sabor e paga 50% de sinal no Pix.',
  '"Está caro" → explico que é tudo artesanal; "Vocês entregam?" → sim, em BH com taxa.',
  'Carinhoso e animado, trata pelo primeiro nome.',
  'Enviar o formulário de pedido https://doceencanto.exemplo.com.br/pedido.',
];

async function ownerWithAgent(page: Page): Promise<string> {
  await signedIn(page);
  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: ANSWERS[i],
  }));
  const created = await page.request.post('/api/training/finish', {
    data: { mode: 'create', apelido: 'Bia', respostas },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { agentId: string }).agentId;
}

test('o dono sugere e roda os testes, quebra um caso no prompt e vê no portão antes de publicar', async ({ page }) => {
  const agentId = await ownerWithAgent(page);
  await page.goto('/testes-do-assistente');
  await expect(page.getByRole('heading', { name: 'Testes do assistente' })).toBeVisible();
  await expect(page.getByText('Este agente ainda não tem testes')).toBeVisible();
  await page.getByRole('button', { name: 'Sugerir testes' }).click();
  await expect(page.getByRole('heading', { name: 'Quer falar com alguém' })).toBeVisible();
  expect(
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .count(),
  ).toBeGreaterThanOrEqual(15);

  // A case of the owner's: the greeting says the agent's name.
  const added = await page.request.post(`/api/agent-tests/${agentId}/cases`, {
    data: { title: 'Diz o nome da Bia', kind: 'outro', turns: ['Olá!'], expectation: { mustContain: ['Bia'] } },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Rodar testes' }).click();
  await expect(page.getByText(/\d+ de \d+ testes passaram/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Última execução: .* modelo demo/)).toBeVisible();
  await shootBothWidths(page, 'agent-tests-run');

  // The free plan's 100 test messages a month: keep a short suite for the gate (draft and live side by side).
  const cases = (await (await page.request.get(`/api/agent-tests/${agentId}/cases`)).json()) as {
    id: string;
    title: string;
  }[];
  for (const c of cases.filter((x) => !['Diz o nome da Bia', 'Quer falar com alguém', 'Horário'].includes(x.title)))
    expect((await page.request.delete(`/api/agent-tests/${agentId}/cases/${c.id}`)).status()).toBe(204);

  // The owner renames the agent in the prompt: the greeting no longer says 'Bia'.
  await page.goto(`/ia-management?agent=${agentId}`);
  await page.getByRole('button', { name: 'Editar Manualmente' }).click();
  await page
    .getByRole('dialog', { name: 'Editar o prompt manualmente?' })
    .getByRole('button', { name: 'Editar prompt' })
    .click();
  const prompt = page.getByRole('textbox', { name: 'Prompt do agente' });
  const original = await prompt.inputValue();
  expect(original).toContain('Você é Bia');
  await prompt.fill(original.replaceAll('Bia', 'Ana'));
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  const gate = page.getByRole('dialog', { name: 'Testes antes de publicar' });
  await expect(gate).toBeVisible();
  await expect(gate.getByText(/1 resposta piorou|\d+ respostas pioraram/)).toBeVisible({ timeout: 60_000 });
  await expect(gate.getByText('Diz o nome da Bia')).toBeVisible();
  await expect(gate.getByText('Deve conter “Bia”')).toBeVisible();
  await shootBothWidths(page, 'agent-tests-gate');
  await gate.getByRole('button', { name: 'Publicar mesmo assim' }).click();
  await expect(gate).toHaveCount(0);
  await expect(page.getByText('Prompt salvo', { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Prompt do agente' })).toHaveValue(/Você é Ana/);
});
