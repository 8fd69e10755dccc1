import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';

/**
 * The hints that point to the agent's follow-ups and approval (docs/decisions/065-agent-tabs-hints-and-judge.md):
 * three customers went quiet after the AI gave a price and follow-ups are off, and the price guard
 * replaced two replies with approval off. The inbox and Resultados show one discreet hint; its link opens
 * the agent's 'Como a IA age' tab at the card; once follow-ups are on the next hint (approval) shows;
 * 'Dispensar dica' hides it for good for this member. At 1280 and 390 px, axe clean.
 */
test.describe.configure({ timeout: 180_000 });

test('dicas: acompanhamento e aprovação, com link para a aba e dispensar lembrado', async ({ page }) => {
  const person = await signedIn(page);
  const inbox = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({
      email: person.email,
      conversations: 2,
      history: 4,
      apelido: 'Loja Centro',
      agents: ['Luna'],
      linkFirstAgent: true,
    }),
  });
  expect(inbox.status).toBe(200);
  const seeded = await fetch(`${CONTROL_URL}/seed-hints`, {
    method: 'POST',
    body: JSON.stringify({ email: person.email, quiet: 3, guarded: 2 }),
  });
  expect(seeded.status).toBe(200);
  const { agentId } = (await seeded.json()) as { agentId: string };

  // The inbox: one thin hint under the title, about follow-ups first.
  await page.goto('/dashboard');
  const hint = page.getByRole('complementary', { name: 'Dica' });
  await expect(hint).toContainText('3 clientes pararam de responder depois de receber um preço nos últimos 14 dias');
  await expect(hint).toHaveCount(1);
  await shootBothWidths(page, 'agent-hint-inbox');
  await expectNoSeriousA11yViolations(page);

  // Resultados: the same hint as a card.
  await page.goto('/resultados');
  await expect(hint).toContainText('O acompanhamento de Luna lembra o cliente do que ele queria.');
  await shootBothWidths(page, 'agent-hint-results');
  await expectNoSeriousA11yViolations(page);

  // Its link opens the agent's 'Como a IA age' tab at 'Acompanhamento'.
  await hint.getByRole('link', { name: 'Ativar o acompanhamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/ia-management\\?agent=${agentId}&aba=age#acompanhamento$`));
  await expect(page.getByRole('tab', { name: 'Como a IA age' })).toHaveAttribute('aria-selected', 'true');
  const followUps = page.getByRole('switch', { name: 'Acompanhamento' });
  await expect(followUps).toBeInViewport();
  await followUps.click();
  await expect(followUps).toHaveAttribute('aria-checked', 'true');

  // Follow-ups on: the inbox's hint is now the approval one.
  await page.goto('/dashboard');
  await expect(hint).toContainText('A proteção de preços trocou 2 respostas de Luna nos últimos 14 dias.');
  await expect(hint.getByRole('link', { name: 'Ligar a aprovação' })).toHaveAttribute(
    'href',
    `/ia-management?agent=${agentId}&aba=age#aprovacao`,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'Dispensar dica' }).click();
  await expect(hint).toHaveCount(0);

  // Remembered for this member: not back after a reload, nor on Resultados.
  await page.reload();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  await expect(hint).toHaveCount(0);
  await page.goto('/resultados');
  await expect(page.getByRole('heading', { name: 'Resultados', level: 1 })).toBeVisible();
  await expect(hint).toHaveCount(0);
});
