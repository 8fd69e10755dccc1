import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import {
  cloudCustomerWrites,
  connectCloudNumberThroughSimulator,
  LOJA_SOL_ANSWERS,
  trainAgentThroughApi,
} from './support/live-number';

/**
 * The official WhatsApp (Cloud API) journey through the simulator's Cloud mode (decisions 036 and 041):
 * '+ Novo WhatsApp' → 'API oficial', the simulator's Embedded Signup dialog approves; a customer writes
 * on the simulator's 'API oficial' tab and the AI answers live in the inbox; the clock moves 25 h (the
 * harness ages the number's conversations, the customer's last message included); the composer says
 * the 24-hour window is closed and offers the approved templates; the owner fills one and sends it; the
 * customer receives it.
 */

test('API oficial: conecta pelo simulador, a IA responde, e depois de 24 h sai um modelo aprovado', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, newPerson());
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);

  // '+ Novo WhatsApp' → the official API → the Embedded Signup dialog (the simulator stands in for Meta).
  const number = await connectCloudNumberThroughSimulator(page);

  // A customer writes on the simulator's 'API oficial' tab.
  const sim = await cloudCustomerWrites(
    page,
    { phone: '5511966661111', name: 'Marina Souza' },
    'Oi! Tem biquíni azul no tamanho M?',
  );

  // The AI answers live in the inbox, and the customer receives it.
  await page.goto('/dashboard');
  const row = page.getByTestId('conversation-row').filter({ hasText: 'Marina Souza' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  await expect(chat.getByTestId('message').filter({ hasText: 'Oi! Tem biquíni azul no tamanho M?' })).toBeVisible();
  await expect(chat.locator('[data-testid="message"][data-author="ai"]')).toHaveCount(1, { timeout: 30_000 });
  const simMessages = sim.getByRole('list', { name: 'Mensagens' }).getByRole('listitem');
  await expect.poll(() => simMessages.count(), { timeout: 20_000 }).toBeGreaterThan(1);
  // Inside the window: the normal message box, with until when free text may go.
  await expect(page.getByTestId('window-hint')).toContainText('API oficial: mensagens livres até');
  await expect(chat.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await shootBothWidths(page, 'cloud-window-open');

  // The clock moves 25 hours: the customer's last message is now over a day old.
  const aged = await fetch(`${CONTROL_URL}/age-follow-ups`, {
    method: 'POST',
    body: JSON.stringify({ instance: number.instance_name, minutes: 25 * 60 }),
  });
  expect(aged.status).toBe(200);
  await page.reload();
  await page.getByTestId('conversation-row').filter({ hasText: 'Marina Souza' }).click();

  // Outside the window: why free text is closed, and the approved templates.
  const picker = page.getByTestId('template-composer');
  await expect(picker.getByRole('heading', { name: 'Janela de 24 horas fechada' })).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
  const select = picker.getByLabel('Modelo aprovado');
  await expect(select.locator('option')).toHaveCount(6);
  await shootBothWidths(page, 'cloud-window-closed');
  await select.selectOption({ label: 'retomar_atendimento · Utilidade' });
  await picker.getByLabel('Variável {{1}}').fill('Marina');
  const text = 'Olá, Marina! Ainda podemos ajudar com o seu pedido? Responda esta mensagem.';
  await expect(picker.getByTestId('template-preview')).toHaveText(text);
  await shootBothWidths(page, 'cloud-window-template');
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole('button', { name: 'Enviar modelo' }).click();
  await expect(page.getByText('Modelo enviado.')).toBeVisible();
  const sent = chat.getByTestId('message').filter({ hasText: text });
  await expect(sent).toHaveAttribute('data-author', 'owner_app');
  await expect(sent).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 20_000 });

  // The customer receives it on the simulator.
  await expect(sim.getByText(text)).toBeVisible({ timeout: 20_000 });
});
