import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import type { SeedInboxResult } from './support/inbox-seed';

/**
 * docs/decisions/010-input-hardening.md in the inbox: a reaction shown on the message it reacts to, 'Mensagem apagada', 'editada',
 * and the AI's give-up notice with 'Tentar novamente' (rows put in by e2e/support/inbox-seed.ts;
 * the browser reads them over the real API and retries through the real route).
 */
test('reação, mensagem apagada, editada e a falha da IA com "Tentar novamente"', async ({ page }) => {
  test.setTimeout(120_000);
  const person = await signedIn(page);
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({ email: person.email, conversations: 2, history: 3, engineStates: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  (await res.json()) as SeedInboxResult;
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: 'Ana Paula Souza' }).click();
  const scroll = page.getByTestId('message-scroll');

  const answer = scroll.getByTestId('message').filter({ hasText: 'Entregamos sim!' });
  await expect(answer.getByLabel('Reação do cliente: 👍')).toBeVisible();
  const edited = scroll.getByTestId('message').filter({ hasText: 'Quero 3 bolos de cenoura' });
  await expect(edited.getByText('editada')).toBeVisible();
  await expect(scroll.getByText('Mensagem apagada')).toBeVisible();
  await expect(scroll.getByText('mensagem enviada por engano')).toHaveCount(0);
  const notice = scroll.getByTestId('ai-failure');
  await expect(notice).toContainText('A IA não conseguiu responder: o provedor de IA não respondeu a tempo.');
  await scroll.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await shootBothWidths(page, 'inbox-engine-states');
  await expectNoSeriousA11yViolations(page);

  await notice.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText('A IA vai tentar responder de novo.')).toBeVisible();
  await expect(notice).toContainText('Nova tentativa pedida');
  await expect(notice.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
});
