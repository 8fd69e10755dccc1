import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * The prompt workshop as a new owner with no AI configured (demo AI, 'Modo demonstração'): edit the
 * prompt by hand, get coached, accept / reject, 'Gerar completo', restore a version, and test the
 * agent in the playground.
 */
test.describe.configure({ timeout: 180_000 });

const ANSWERS = [
  'Doce Encanto, confeitaria artesanal em Belo Horizonte, há 6 anos fazendo bolos de festa.',
  'Mães de 28 a 45 anos organizando o aniversário dos filhos.',
  'Bolo decorado a partir de R$ 180 (serve 20 pessoas) e kit festa com 100 docinhos por R$ 150.',
  'A cliente chama no WhatsApp, escolhe tema e sabor e paga 50% de sinal no Pix.',
  '"Está caro" → explico que é tudo artesanal; "Vocês entregam?" → sim, em BH com taxa.',
  'Carinhoso e animado, trata pelo primeiro nome, pode usar emojis de doce.',
  'Enviar o formulário de pedido https://doceencanto.exemplo.com.br/pedido.',
];

async function ownerWithAgent(page: Page, apelido = 'Bia'): Promise<string> {
  await signedIn(page);
  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: ANSWERS[i],
  }));
  const created = await page.request.post('/api/training/finish', { data: { mode: 'create', apelido, respostas } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { agentId: string }).agentId;
}

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt do agente' });
const coachInput = (page: Page) => page.getByRole('textbox', { name: 'Instrução para a treinadora' });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Salvar alterações' });

test('edição manual: confirmar, Salvar só com mudanças, aviso ao sair sem salvar, salvo após recarregar', async ({
  page,
}) => {
  const agentId = await ownerWithAgent(page);
  await page.goto(`/ia-management?agent=${agentId}`);
  await expect(promptBox(page)).toHaveJSProperty('readOnly', true);
  await expect(saveButton(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Editar Manualmente' }).click();
  const confirm = page.getByRole('dialog', { name: 'Editar o prompt manualmente?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Editar prompt' }).click();
  await expect(promptBox(page)).toHaveJSProperty('readOnly', false);
  await expect(saveButton(page)).toHaveCount(0);

  const original = await promptBox(page).inputValue();
  await promptBox(page).press('ControlOrMeta+End');
  await promptBox(page).pressSequentially('\n- Entregamos em Contagem às sextas.');
  await expect(saveButton(page)).toBeVisible();
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await expect(page.getByTestId('prompt-char-count')).toHaveText(
    `${(original.length + 36).toLocaleString('pt-BR')} caracteres`,
  );
  await shootBothWidths(page, 'prompt-editor-editing');
  await expectNoSeriousA11yViolations(page);

  // Back to the text as saved: the Save button goes away again.
  await page.getByRole('button', { name: 'Descartar' }).click();
  await expect(saveButton(page)).toHaveCount(0);
  await promptBox(page).press('ControlOrMeta+End');
  await promptBox(page).pressSequentially('\n- Entregamos em Contagem às sextas.');

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Voltar para IA Treinamento' }).click();
  const leave = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}$`));

  // An empty prompt is refused with a clear message.
  const draft = await promptBox(page).inputValue();
  await promptBox(page).fill('   ');
  await saveButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'O prompt não pode ficar vazio.' })).toBeVisible();
  await promptBox(page).fill(draft);

  await saveButton(page).click();
  await expect(page.getByText('Prompt salvo.')).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);
  await page.reload();
  await expect(promptBox(page)).toHaveValue(/- Entregamos em Contagem às sextas\.$/);
  await expect(page.getByTestId('prompt-version').first()).toContainText('Edição manual');
  await expect(page.getByTestId('agent-trainnings')).toHaveText('1');

  // Nothing unsaved now: leaving does not ask.
  await page.getByRole('link', { name: 'Voltar para IA Treinamento' }).click();
  await expect(page).toHaveURL(/\/agents-management$/);
});

test('treinadora: pergunta, trecho parcial → Gerar completo, entrada travada até escolher, Rejeitar e Aceitar', async ({
  page,
}) => {
  const agentId = await ownerWithAgent(page);
  await page.goto(`/ia-management?agent=${agentId}`);
  const before = await promptBox(page).inputValue();

  // Blank input is ignored; a vague instruction gets a question.
  await coachInput(page).fill('   ');
  await coachInput(page).press('Enter');
  await expect(page.getByTestId('coach-reply')).toHaveCount(0);
  await coachInput(page).fill('melhore o prompt');
  await coachInput(page).press('Enter');
  await expect(page.getByTestId('coach-reply').last()).toContainText('o que você quer que a IA faça diferente?');
  await expect(coachInput(page)).toBeEnabled();

  // Shift+Enter adds a line; Enter sends. A fragment is partial: no Aceitar, 'Gerar completo'.
  await coachInput(page).fill('Mostre só o trecho:');
  await coachInput(page).press('Shift+Enter');
  await coachInput(page).pressSequentially('adicione que entregamos em BH');
  await expect(coachInput(page)).toHaveValue('Mostre só o trecho:\nadicione que entregamos em BH');
  await coachInput(page).press('Enter');
  const partial = page.getByTestId('coach-reply').last();
  await expect(partial.getByText(/parece incompleta/)).toBeVisible();
  await expect(partial.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(coachInput(page)).toBeDisabled();
  await page.getByTestId('coach-locked').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Aceite ou Rejeite para continuar!');
  await partial.getByRole('button', { name: 'Gerar completo' }).click();

  const full = page.getByTestId('coach-reply').last();
  await expect(full.getByRole('button', { name: 'Aceitar' })).toBeVisible();
  await expect(full.locator('[data-diff="added"]').filter({ hasText: 'Entregamos em BH.' })).toBeVisible();
  await expect(coachInput(page)).toBeDisabled();
  await full.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(full.getByText('Sugestão rejeitada: o prompt não mudou.')).toBeVisible();
  await expect(coachInput(page)).toBeEnabled();
  await expect(promptBox(page)).toHaveValue(before);

  // A concrete instruction → the diff → Aceitar saves the prompt and a version.
  await coachInput(page).fill('deixe mais informal');
  await coachInput(page).press('Enter');
  const update = page.getByTestId('coach-reply').last();
  await expect(update.locator('[data-diff="added"]').filter({ hasText: 'Use um tom informal' })).toBeVisible();
  await shootBothWidths(page, 'prompt-coach-diff');
  await update.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.getByText('Sugestão aplicada ao prompt.')).toBeVisible();
  await expect(update.getByText('Sugestão aceita e salva no prompt.')).toBeVisible();
  await expect(promptBox(page)).toHaveValue(/Use um tom informal e próximo/);
  await expect(page.getByTestId('prompt-version').first()).toContainText('Treinadora de prompt');
  await expect(page.getByTestId('prompt-version').first()).toContainText('Atual');
  await page.reload();
  await expect(promptBox(page)).toHaveValue(/Use um tom informal e próximo/);
  // Not a training: the month's count stays at 1.
  await expect(page.getByTestId('agent-trainnings')).toHaveText('1');
  const usage = await (await page.request.get('/api/usage')).json();
  expect(usage.total_trainnings).toBe(1);
});

test('versões: compara com o prompt atual e restaura uma versão anterior', async ({ page }) => {
  const agentId = await ownerWithAgent(page);
  const original = ((await (await page.request.get(`/api/agents/${agentId}`)).json()) as { system_prompt: string })
    .system_prompt;
  expect(
    (
      await page.request.patch(`/api/agents/${agentId}`, {
        data: { system_prompt: `${original}\n- Fechado aos domingos.` },
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/ia-management?agent=${agentId}`);
  const versions = page.getByTestId('prompt-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Edição manual');
  await expect(versions.nth(0)).toContainText('Atual');
  await expect(versions.nth(1)).toContainText('Treinamento');
  await expect(versions.nth(1)).toContainText(`${original.length.toLocaleString('pt-BR')} caracteres`);

  await versions.nth(1).getByRole('button', { name: 'Comparar e restaurar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-diff="removed"]').filter({ hasText: '- Fechado aos domingos.' })).toBeVisible();
  await shootBothWidths(page, 'prompt-versions-diff');
  await dialog.getByRole('button', { name: 'Restaurar esta versão' }).click();
  await expect(page.getByText('Versão restaurada. O agente já usa este prompt.')).toBeVisible();
  await expect(promptBox(page)).toHaveValue(original);
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Versão restaurada');
  await expect(versions.nth(0)).toContainText('Atual');
  await page.reload();
  await expect(promptBox(page)).toHaveValue(original);
});

test('respostas por contato, por dia: 40 por padrão, a escolha salva na hora e continua após recarregar', async ({
  page,
}) => {
  const agentId = await ownerWithAgent(page);
  await page.goto(`/ia-management?agent=${agentId}&aba=age`);
  const limit = page.getByLabel('Respostas por contato, por dia');
  await expect(limit).toHaveValue('40');
  await limit.selectOption('20');
  await expect(page.getByText('Limite de respostas por contato salvo.')).toBeVisible();
  await limit.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'prompt-workshop-contact-daily-limit');
  await page.reload();
  await expect(page.getByLabel('Respostas por contato, por dia')).toHaveValue('20');
  const saved = (await (await page.request.get(`/api/agents/${agentId}`)).json()) as {
    max_answers_per_contact_day: number;
  };
  expect(saved.max_answers_per_contact_day).toBe(20);
});

test('playground: conversa com a IA de demonstração, respostas como no WhatsApp, Limpar Chat; sem agente: IA não encontrada', async ({
  page,
}) => {
  await ownerWithAgent(page, 'Bia');
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'Playground', level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Modo demonstração' })).toBeVisible();
  await expect(page.getByLabel('Agente')).toHaveValue(/.+/);
  await expect(page.getByLabel('Agente').locator('option')).toHaveText(['Bia']);
  const send = page.getByRole('button', { name: 'Enviar mensagem' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Mensagem', { exact: true }).fill('   ');
  await expect(send).toBeDisabled();

  await page.getByLabel('Mensagem', { exact: true }).fill('Oi, boa tarde!');
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(page.getByTestId('playground-user')).toHaveText([/Oi, boa tarde!/]);
  await expect(page.getByTestId('playground-ai').first()).toContainText('Olá! Aqui é Bia');
  await page.getByLabel('Mensagem', { exact: true }).fill('Quanto custa o bolo decorado?');
  await send.click();
  await expect(page.getByTestId('playground-ai')).toHaveCount(2);
  await expect(page.getByTestId('playground-ai').last()).toContainText('R$ 180');
  await shootBothWidths(page, 'playground');
  await expectNoSeriousA11yViolations(page);
  // Not customer messages: the monthly AI messages do not move.
  expect(((await (await page.request.get('/api/usage')).json()) as { ai_messages: number }).ai_messages).toBe(0);

  await page.getByRole('button', { name: 'Limpar Chat' }).click();
  await expect(page.getByTestId('playground-ai')).toHaveCount(0);
  await expect(page.getByTestId('playground-user')).toHaveCount(0);
  await expect(page.getByText('Você é o cliente.')).toBeVisible();

  // A new owner with no agent yet.
  await page.context().clearCookies();
  await signedIn(page);
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'IA não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fazer Treinamento' })).toHaveAttribute(
    'href',
    /\/onboarding\/train-ai\?mode=create/,
  );
});

test('a treinadora sugere uma pergunta frequente para um fato do negócio; Aplicar salva em Conhecimento', async ({
  page,
}) => {
  const agentId = await ownerWithAgent(page, 'Frete');
  await page.goto(`/ia-management?agent=${agentId}`);
  const prompt = await promptBox(page).inputValue();
  await coachInput(page).fill('o frete agora é R$ 15');
  await coachInput(page).press('Enter');
  const card = page.getByRole('region', { name: 'Sugestão: nova pergunta frequente' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Qual é o valor do frete?');
  await expect(card).toContainText('O frete agora é R$ 15.');
  // The input waits for Aplicar / Descartar, like a prompt suggestion.
  await expect(coachInput(page)).toBeDisabled();
  await shootBothWidths(page, 'coach-faq-suggestion');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Aplicar' }).click();
  await expect(card).toContainText('Salva em Conhecimento. O prompt não mudou.');
  await expect(coachInput(page)).toBeEnabled();
  await expect(promptBox(page)).toHaveValue(prompt);

  await page.goto('/conhecimento');
  await expect(page.getByText('Qual é o valor do frete?')).toBeVisible();
  await expect(page.getByText('O frete agora é R$ 15.')).toBeVisible();
});

test('a treinadora sugere uma alteração no catálogo para o preço de um item; Aplicar muda o preço, não o prompt', async ({
  page,
}) => {
  const agentId = await ownerWithAgent(page, 'Preços');
  const item = await page.request.post('/api/catalogue', {
    data: { name: 'Camiseta básica', priceCents: 4990, description: 'Algodão penteado.' },
  });
  expect(item.status()).toBe(201);
  await page.goto(`/ia-management?agent=${agentId}`);
  const prompt = await promptBox(page).inputValue();
  await coachInput(page).fill('a camiseta básica agora custa R$ 59,90');
  await coachInput(page).press('Enter');
  const card = page.getByRole('region', { name: 'Sugestão: alteração no catálogo' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Alteração no Catálogo');
  await expect(card).toContainText('Camiseta básica');
  await expect(card.getByLabel('Antes: R$ 49,90')).toBeVisible();
  await expect(card.getByLabel('Depois: R$ 59,90')).toBeVisible();
  // The input waits for Aplicar / Descartar, like a prompt suggestion.
  await expect(coachInput(page)).toBeDisabled();
  await shootBothWidths(page, 'coach-catalogue-suggestion');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Aplicar' }).click();
  await expect(card).toContainText('Catálogo atualizado. O prompt não mudou.');
  await expect(coachInput(page)).toBeEnabled();
  await expect(promptBox(page)).toHaveValue(prompt);

  await page.goto('/catalogo');
  await expect(page.getByText('R$ 59,90')).toBeVisible();
  await expect(page.getByText('R$ 49,90')).toHaveCount(0);
});
