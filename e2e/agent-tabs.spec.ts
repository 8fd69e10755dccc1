import { KEY_QUESTIONS } from '@vendai/contracts';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * The agent's page in tabs (docs/decisions/065-agent-tabs-hints-and-judge.md): 'Como a IA fala',
 * 'Como a IA age', 'Testes' — real tabs a keyboard moves through with the arrows, each one a link
 * (`aba`), every switch named, axe clean on each tab, at 1280 and 390 px.
 */
test.describe.configure({ timeout: 180_000 });

test('as abas do agente: teclado, link direto, interruptores com nome e sem violações', async ({ page }) => {
  await signedIn(page);
  const respostas = KEY_QUESTIONS.map((q) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: 'Doce Encanto, bolos de festa em BH; bolo decorado a partir de R$ 180.',
  }));
  const created = await page.request.post('/api/training/finish', {
    data: { mode: 'create', apelido: 'Bia', respostas },
  });
  expect(created.status()).toBe(201);
  const { agentId } = (await created.json()) as { agentId: string };

  // Opens on 'Como a IA fala': the prompt and the coach.
  await page.goto(`/ia-management?agent=${agentId}`);
  const tablist = page.getByRole('tablist', { name: 'Partes do agente' });
  await expect(tablist.getByRole('tab')).toHaveText(['Como a IA fala', 'Como a IA age', 'Testes']);
  const speak = page.getByRole('tab', { name: 'Como a IA fala' });
  await expect(speak).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Como a IA fala' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt do agente' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Instrução para a treinadora' })).toBeVisible();
  await shootBothWidths(page, 'agent-tab-speak');
  await expectNoSeriousA11yViolations(page);

  // The keyboard: arrows move between the tabs and show their panels; the URL names the tab.
  await speak.focus();
  await page.keyboard.press('ArrowRight');
  const act = page.getByRole('tab', { name: 'Como a IA age' });
  await expect(act).toBeFocused();
  await expect(act).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}&aba=age$`));
  const actPanel = page.getByRole('tabpanel', { name: 'Como a IA age' });
  await expect(actPanel).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt do agente' })).toBeHidden();
  for (const name of [
    'Aprovação das respostas',
    'Acompanhamento',
    'Tempo de resposta',
    'A IA volta depois de',
    'Quando a IA passar para uma pessoa',
    'Proteção de preços',
    'Respostas por contato, por dia',
    'Limite de gastos extras',
  ])
    await expect(actPanel.getByText(name, { exact: true }).first()).toBeVisible();
  // Every switch says what it switches.
  const switches = actPanel.getByRole('switch');
  await expect(switches).toHaveCount(2);
  await expect(actPanel.getByRole('switch', { name: 'A IA sugere, eu aprovo' })).toBeVisible();
  await expect(actPanel.getByRole('switch', { name: 'Acompanhamento' })).toBeVisible();
  await shootBothWidths(page, 'agent-tab-act');
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('ArrowRight');
  const tests = page.getByRole('tab', { name: 'Testes' });
  await expect(tests).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`&aba=testes$`));
  const testsPanel = page.getByRole('tabpanel', { name: 'Testes' });
  await expect(testsPanel.getByRole('heading', { name: 'Este agente ainda não tem testes' })).toBeVisible();
  await shootBothWidths(page, 'agent-tab-tests');
  await expectNoSeriousA11yViolations(page);

  // Home goes back to the first tab, whose URL has no `aba`.
  await page.keyboard.press('Home');
  await expect(speak).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}$`));

  // A prompt being edited survives a look at another tab (no 'Sair sem salvar?': the page stays).
  await page.getByRole('button', { name: 'Editar Manualmente' }).click();
  await page
    .getByRole('dialog', { name: 'Editar o prompt manualmente?' })
    .getByRole('button', { name: 'Editar prompt' })
    .click();
  const prompt = page.getByRole('textbox', { name: 'Prompt do agente' });
  const original = await prompt.inputValue();
  await prompt.fill(`${original}\nSempre pergunte o nome do cliente.`);
  await act.click();
  await expect(page.getByRole('dialog', { name: 'Sair sem salvar?' })).toHaveCount(0);
  await speak.click();
  await expect(prompt).toHaveValue(/Sempre pergunte o nome do cliente\.$/);
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeVisible();
  await prompt.fill(original);
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);

  // A link straight to a tab (what the hints use) opens it; a setting changed there is kept.
  await page.goto(`/ia-management?agent=${agentId}&aba=age`);
  await expect(act).toHaveAttribute('aria-selected', 'true');
  const followUps = actPanel.getByRole('switch', { name: 'Acompanhamento' });
  await followUps.click();
  await expect(followUps).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(actPanel.getByRole('switch', { name: 'Acompanhamento' })).toHaveAttribute('aria-checked', 'true');

  // On a phone the tabs stay one row a thumb reaches.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await tablist.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(48);
  await tests.click();
  await expect(testsPanel).toBeVisible();
});
