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
 * The inbox search box (docs/decisions/040-inbox-search.md): conversations by name, messages by their
 * words with the found ones marked, and a result opening the chat scrolled to that message, marked,
 * even when it is pages back in the history.
 */
test('busca: nome, palavras com destaque e a conversa aberta na mensagem encontrada', async ({ page }) => {
  test.setTimeout(120_000);
  const person = await signedIn(page);
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({ email: person.email, conversations: 5, history: 80 }),
  });
  expect(res.status).toBe(200);
  const seeded = (await res.json()) as SeedInboxResult;
  await page.goto('/dashboard');
  const box = page.getByRole('searchbox', { name: 'Buscar conversas e mensagens' });
  const results = page.getByTestId('search-results');

  // A name, accents and case ignored.
  await box.fill('ana paula');
  await expect(results.getByTestId('search-conversation')).toHaveCount(1);
  await expect(results.getByTestId('search-conversation').locator('mark')).toHaveText('Ana Paula');

  // Words, stemmed: 'antigas' finds 'antiga'; the oldest one is 80 messages back.
  await box.fill('mensagem antigas número 1');
  const hit = results.getByTestId('search-message');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('Ana Paula Souza');
  await expect(hit.locator('mark').first()).toHaveText('Mensagem');
  await shootBothWidths(page, 'conversation-search-results');
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`conversa=${seeded.richId}.*mensagem=`));
  const found = page.locator('[data-found-message="true"]');
  await expect(found).toContainText('Mensagem antiga número 1 da cliente');
  await expect(found).toBeInViewport();
  await shootBothWidths(page, 'conversation-search-found');

  // Nothing found; clearing the box brings the list back.
  await box.fill('xilofone');
  await expect(results).toContainText('Nada encontrado para “xilofone”');
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
