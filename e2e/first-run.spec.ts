import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import { expect, newPerson, registerThroughUi, shootBothWidths, test } from './support/fixtures';

/**
 * docs/decisions/013-first-run-auto-link.md "done when": a new owner goes from sign-up to the first AI answer in the simulator by
 * following only what the screens say — and never touches the agent picker.
 */
test.describe.configure({ timeout: 300_000 });

async function train(page: Page) {
  for (let i = 0; i < KEY_QUESTIONS.length; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de 7`)).toBeVisible();
    await page
      .getByLabel(KEY_QUESTIONS[i]!.pergunta)
      .fill(`Resposta ${i + 1}: Doce Encanto, bolos artesanais em BH, entrega em até 3 dias.`);
    await page.getByRole('button', { name: i === 6 ? 'Continuar' : 'Próxima' }).click();
  }
  await expect(page.getByText('Perguntas de refinamento')).toBeVisible();
  const total = Number((await page.getByText(/^Pergunta 1 de \d$/).textContent())!.match(/de (\d)/)![1]);
  for (let i = 0; i < total; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de ${total}`)).toBeVisible();
    await page
      .getByRole('textbox')
      .first()
      .fill(`Refinamento ${i + 1}: pedidos com 3 dias de antecedência.`);
    await page.getByRole('button', { name: i === total - 1 ? 'Continuar' : 'Próxima' }).click();
  }
  await page.getByLabel('Nome do agente').fill('Luna');
  await page.getByRole('button', { name: 'Concluir treinamento' }).click();
}

test('cadastro → conectar pelo simulador → treinar → agente ligado sozinho → primeira mensagem respondida pela IA', async ({
  page,
  context,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logs.push(`${page.url()}: ${m.text()}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByLabel('Nome completo')).toBeVisible();
  // The signed-out session probe leaves no error in the console (docs/decisions/013-first-run-auto-link.md).
  expect(logs).toEqual([]);

  await registerThroughUi(page);
  await page.getByRole('link', { name: 'Quero Treinar Minha IA Depois' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('0 de 4 concluídos')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Agente de IA/ })).toHaveCount(0);
  await shootBothWidths(page, 'first-run-dashboard-empty');

  // 1. Connect, following 'Primeiros passos'.
  await page.getByRole('link', { name: 'Conectar WhatsApp' }).click();
  await expect(page).toHaveURL(/\/instances-management$/);
  await page.getByRole('button', { name: 'Conectar WhatsApp' }).click();
  await page.getByRole('button', { name: 'Conectar pelo QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await dialog.getByLabel('Número do WhatsApp').fill(newPerson().phoneDigits);
  await dialog.getByLabel('Apelido da instância').fill('Loja Centro');
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/connect-whatsapp$/);
  await expect(page.getByText('Sem celular? Use o simulador')).toBeVisible();
  const simLink = page.getByRole('link', { name: /Abrir o simulador em outra aba/ });
  await expect(simLink).toHaveAttribute('target', '_blank');
  await shootBothWidths(page, 'first-run-qr-simulator-hint');

  const simOpened = context.waitForEvent('page');
  await simLink.click();
  const sim = await simOpened;
  const card = sim.getByRole('article').filter({ has: sim.getByRole('heading', { name: 'Loja Centro' }) });
  await card.getByRole('link', { name: 'Escanear com o celular' }).click();
  const field = sim.getByLabel('Número deste celular (DDI + DDD + número)');
  await expect(field).toBeVisible();
  await sim.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(sim.getByText('Celular conectado!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('1 de 4 concluídos')).toBeVisible();

  // 2. Train, following 'Primeiros passos'.
  await page.getByRole('link', { name: 'Treinar minha IA' }).click();
  await expect(page).toHaveURL(/\/onboarding\/train-ai$/);
  await train(page);
  await expect(page.getByRole('heading', { name: 'Seu agente está pronto!' })).toBeVisible();
  // 3. Linked by itself: the finish screen says where it answers.
  await expect(
    page.getByRole('status').filter({ hasText: 'Ele já está respondendo no WhatsApp Loja Centro' }),
  ).toBeVisible();
  await shootBothWidths(page, 'first-run-finished-linked');
  await page.getByRole('link', { name: 'Ir para o painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('3 de 4 concluídos')).toBeVisible();
  await shootBothWidths(page, 'first-run-dashboard-3-of-4');

  // 4. A customer writes, in the simulator (the tab the QR screen opened).
  await sim.goto('/simulador?aba=conversas');
  await sim.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = sim.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill('Bruno Lima');
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill('5511988887777');
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await sim.getByLabel('Mensagem do cliente').fill('Oi! Vocês entregam no sábado?');
  await sim.getByLabel('Mensagem do cliente').press('Enter');
  const thread = sim.getByRole('region', { name: 'Conversa' });
  await expect(thread.locator('[data-from="business"]').first()).toBeVisible({ timeout: 30_000 });

  // The owner sees the conversation, answered by the AI; 'Primeiros passos' is gone.
  await page.bringToFront();
  await expect(page.getByRole('heading', { name: 'Primeiros passos' })).toHaveCount(0);
  await page
    .getByRole('button', { name: /Bruno Lima/ })
    .or(page.getByRole('link', { name: /Bruno Lima/ }))
    .first()
    .click();
  await expect(page.getByRole('switch', { name: 'IA' })).toBeChecked();
  await expect(
    page.getByTestId('message-scroll').getByTestId('message').filter({ hasText: 'Oi! Vocês entregam no sábado?' }),
  ).toBeVisible();
  await shootBothWidths(page, 'first-run-first-answer');
  expect(logs).toEqual([]);
});
