import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  signedInAtWelcome,
  shootBothWidths,
  test,
} from './support/fixtures';

/**
 * The training wizard, the agents list and /ia-management, as a new user with no AI configured:
 * the harness runs the offline demo provider (AI_PROVIDER=demo), labelled 'Modo demonstração'.
 */

const ANSWERS = [
  'Doce Encanto, confeitaria artesanal em Belo Horizonte, há 6 anos fazendo bolos de festa.',
  'Mães de 28 a 45 anos organizando o aniversário dos filhos.',
  'Bolo decorado a partir de R$ 180 (serve 20 pessoas) e kit festa com 100 docinhos por R$ 150.',
  'A cliente chama no WhatsApp, escolhe tema e sabor e paga 50% de sinal no Pix.',
  '"Está caro" → explico que é tudo artesanal; "Vocês entregam?" → sim, em BH com taxa.',
  'Carinhoso e animado, trata pelo primeiro nome, pode usar emojis de doce.',
  'Enviar o formulário de pedido https://doceencanto.exemplo.com.br/pedido.',
];

// Long journeys (every wizard step, screenshots at two widths, a11y checks) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const answerField = (page: Page) => page.getByRole('textbox').first();

async function answerKeyQuestion(page: Page, index: number, text = ANSWERS[index]!) {
  await expect(page.getByText(`Pergunta ${index + 1} de 7`)).toBeVisible();
  await expect(page.getByLabel(KEY_QUESTIONS[index]!.pergunta)).toBeVisible();
  await page.getByLabel(KEY_QUESTIONS[index]!.pergunta).fill(text);
  await page.getByRole('button', { name: index === 6 ? 'Continuar' : 'Próxima' }).click();
}

/** Answers every refinement question with a short answer; returns how many there were. */
async function answerRefinement(page: Page, shoot?: string): Promise<number> {
  await expect(page.getByText('Perguntas de refinamento')).toBeVisible();
  const total = Number((await page.getByText(/^Pergunta 1 de \d$/).textContent())!.match(/de (\d)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  expect(total).toBeLessThanOrEqual(6);
  for (let i = 0; i < total; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de ${total}`)).toBeVisible();
    if (i === 0 && shoot) await shootBothWidths(page, shoot);
    await answerField(page).fill(`Resposta de refinamento ${i + 1}: entregamos em BH em até 3 dias.`);
    await page.getByRole('button', { name: i === total - 1 ? 'Continuar' : 'Próxima' }).click();
  }
  return total;
}

test('novo usuário treina a IA em modo demonstração e vê o agente Ativo; o plano grátis bloqueia o segundo agente', async ({
  page,
}) => {
  await signedInAtWelcome(page);
  await page.getByRole('link', { name: 'Começar agora' }).click();
  await expect(page).toHaveURL(/\/onboarding\/train-ai$/);
  await expect(page.getByRole('heading', { name: 'Treinar sua IA', level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Modo demonstração' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeDisabled();
  await shootBothWidths(page, 'train-ai-key-question');
  await expectNoSeriousA11yViolations(page);

  // A blank answer is refused, in Portuguese.
  await page.getByLabel(KEY_QUESTIONS[0].pergunta).fill('   ');
  await page.getByRole('button', { name: 'Próxima' }).click();
  await expect(page.getByText('Responda a pergunta para continuar.')).toBeVisible();

  for (let i = 0; i < 3; i++) await answerKeyQuestion(page, i);
  await page.getByLabel(KEY_QUESTIONS[3].pergunta).fill('Texto pela metade');

  // A reload in the middle keeps the answers (and what was being typed).
  await page.reload();
  await expect(page.getByText('Pergunta 4 de 7')).toBeVisible();
  await expect(page.getByLabel(KEY_QUESTIONS[3].pergunta)).toHaveValue('Texto pela metade');
  // Back removes the previous answer and steps back, with that answer in the field to correct.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByText('Pergunta 3 de 7')).toBeVisible();
  await expect(page.getByLabel(KEY_QUESTIONS[2].pergunta)).toHaveValue(ANSWERS[2]!);
  await page.getByRole('button', { name: 'Próxima' }).click();
  for (let i = 3; i < 7; i++) await answerKeyQuestion(page, i);

  const total = await answerRefinement(page, 'train-ai-refinement');
  expect(total).toBeGreaterThanOrEqual(3);

  await expect(page.getByRole('heading', { name: 'Como o seu agente vai se chamar?' })).toBeVisible();
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();
  await expect(page.getByText('Dê um nome ao seu agente.')).toBeVisible();
  await page.getByLabel('Nome do agente').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();
  await expect(page.getByText('O nome do agente pode ter no máximo 50 caracteres.')).toBeVisible();
  await page.getByLabel('Nome do agente').fill('  Luna  ');
  await shootBothWidths(page, 'train-ai-name');
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();

  await expect(page.getByRole('heading', { name: 'Seu agente está pronto!' })).toBeVisible();
  await expect(page.getByText('Luna', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vendai_training_draft'))).toBeNull();
  await shootBothWidths(page, 'train-ai-finished');
  // No WhatsApp connected yet: the big button is that next step; the dashboard is beside it.
  await expect(page.getByRole('link', { name: 'Conectar WhatsApp' })).toHaveAttribute('href', '/instances-management');
  // No mode in the URL: the other button goes to the dashboard.
  await page.getByRole('link', { name: 'Ir para o painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'IA Treinamento' })
    .click();
  await expect(page).toHaveURL(/\/agents-management$/);
  const row = page.getByTestId('agent-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Luna');
  await expect(row).toContainText('Ativo');
  await expect(page.getByText('1/1', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dicas para uma IA mais precisa' })).toBeVisible();
  await shootBothWidths(page, 'agents-list');
  await expectNoSeriousA11yViolations(page);

  // The free plan has one agent: '+ Novo Agente' opens the limit dialog.
  await page.getByRole('button', { name: 'Novo Agente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Limite do plano atingido' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('limite de agentes');
  await shootBothWidths(page, 'agents-limit-dialog');
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/agents-management$/);
  // The wizard itself checks too (a bookmarked link, the welcome page).
  await page.goto('/onboarding/train-ai?mode=create');
  await expect(page.getByRole('dialog', { name: 'Limite do plano atingido' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver Planos' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('ia-management mostra o prompt, salva o tempo de resposta e o modo update incrementa os treinamentos', async ({
  page,
}) => {
  await signedIn(page);
  // The first agent, trained through the API the wizard uses (same session as the browser).
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
  const { agentId } = (await created.json()) as { agentId: string };

  await page.goto('/agents-management');
  await page.getByTestId('agent-row').click();
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}$`));
  await expect(page.getByRole('heading', { name: 'Editar Agente', level: 1 })).toBeVisible();
  const prompt = page.getByRole('textbox', { name: 'Prompt do agente' });
  await expect(prompt).toHaveJSProperty('readOnly', true);
  await expect(prompt).toHaveValue(/Você é Bia/);
  await expect(prompt).toHaveValue(/# Objeções/);
  await expect(page.getByTestId('prompt-char-count')).toHaveText(/^[\d.]+ caracteres$/);
  await expect(page.getByTestId('agent-trainnings')).toHaveText('1');
  await expect(page.getByRole('note', { name: 'Modo demonstração' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para IA Treinamento' })).toHaveAttribute(
    'href',
    '/agents-management',
  );
  await shootBothWidths(page, 'ia-management');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Como a IA age' }).click();
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}&aba=age$`));
  await page.getByLabel('Tempo de resposta').selectOption('30');
  await expect(page.getByText('Tempo de resposta salvo.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Tempo de resposta')).toHaveValue('30');

  // Without ?agent= the page is 'Gerenciar IA' with the newest active agent; back goes to the dashboard.
  await page.goto('/ia-management');
  await expect(page.getByRole('heading', { name: 'Gerenciar IA', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt do agente' })).toHaveValue(/Você é Bia/);
  await expect(page.getByRole('link', { name: 'Voltar ao Dashboard' })).toHaveAttribute('href', '/dashboard');

  // Refazer Treinamento → update mode: only the name is prefilled; finishing increments trainnings.
  await page.getByRole('button', { name: 'Refazer Treinamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/onboarding/train-ai\\?mode=update&agentId=${agentId}$`));
  await expect(page.getByRole('heading', { name: 'Refazer treinamento', level: 1 })).toBeVisible();
  await expect(page.getByLabel(KEY_QUESTIONS[0].pergunta)).toHaveValue('');
  for (let i = 0; i < 7; i++) await answerKeyQuestion(page, i);
  await answerRefinement(page);
  await expect(page.getByLabel('Nome do agente')).toHaveValue('Bia');
  await page.getByLabel('Nome do agente').fill('Bia 2');
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();
  await expect(page.getByRole('heading', { name: 'Treinamento atualizado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver agente atualizado' }).click();
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}$`));
  await expect(page.getByTestId('agent-trainnings')).toHaveText('2');
  await expect(page.getByText('Agente Bia 2', { exact: false })).toBeVisible();
  const agent = await (await page.request.get(`/api/agents/${agentId}`)).json();
  expect(agent).toMatchObject({ apelido: 'Bia 2', trainnings: 2, timing: 30 });
});

test('lista vazia, exclusão de agente e erros de /ia-management', async ({ page }) => {
  await signedIn(page);
  await page.goto('/agents-management');
  await expect(page.getByRole('heading', { name: 'Nenhum agente encontrado' })).toBeVisible();
  await shootBothWidths(page, 'agents-list-empty');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/ia-management');
  await expect(
    page.getByRole('heading', { name: 'Nenhum agente encontrado. Faça o treinamento primeiro.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao Dashboard' }).last()).toBeVisible();
  await shootBothWidths(page, 'ia-management-no-agent');
  await page.goto('/ia-management?agent=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Agente não encontrado ou não pertence ao usuário.' })).toBeVisible();

  await page.goto('/agents-management');
  await page.getByRole('button', { name: 'Criar Primeiro Agente' }).click();
  await expect(page).toHaveURL(/\/onboarding\/train-ai\?mode=create$/);
  await expect(page.getByText('Pergunta 1 de 7')).toBeVisible();

  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: ANSWERS[i],
  }));
  expect(
    (await page.request.post('/api/training/finish', { data: { apelido: 'Temporário', respostas } })).status(),
  ).toBe(201);
  await page.goto('/agents-management');
  await page.getByRole('button', { name: 'Excluir Temporário' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir agente?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Agente "Temporário" excluído.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nenhum agente encontrado' })).toBeVisible();
});
