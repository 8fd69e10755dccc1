import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import type { SeedInboxInput } from './support/inbox-seed';

/** Layout loose ends an owner sees: compact done steps, full rows of figures, readable axes, the unlink action. */

async function seed(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${CONTROL_URL}${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(200);
}
const seedInbox = (input: SeedInboxInput) => seed('/seed-inbox', { ...input });

test('Primeiros passos: um passo concluído fica compacto ao lado de um passo a fazer', async ({ page }) => {
  const person = await signedIn(page);
  await seedInbox({ email: person.email, withoutNumber: true, agents: ['Vendedora Ana'] });
  await page.goto('/dashboard');
  const done = page.locator('[data-step="agent"]');
  const todo = page.locator('[data-step="number"]');
  await expect(done).toHaveAttribute('data-done', 'true');
  const [doneBox, todoBox] = [await done.boundingBox(), await todo.boundingBox()];
  // Same row at 1280 px; the done card is its title only, not stretched to the open step's height.
  expect(Math.abs(doneBox!.y - todoBox!.y)).toBeLessThan(2);
  expect(doneBox!.height).toBeLessThan(todoBox!.height * 0.6);
  await shootBothWidths(page, 'dashboard-first-steps');
});

test('Resultados: nenhum cartão sozinho na última linha e eixo de tempo sem rótulos repetidos', async ({ page }) => {
  test.setTimeout(180_000);
  const person = await signedIn(page);
  await seed('/seed-results', person);
  await page.goto('/resultados');
  const cards = page.getByTestId('figures-grid').locator(':scope > div');
  await expect(cards.first()).toBeVisible();
  const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  const rows = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.at(-1)).toBe(rows[0]);

  const chart = page.locator('section', { has: page.getByRole('heading', { name: /Tempo da 1ª resposta por dia/ }) });
  const ticks = chart.locator('.recharts-cartesian-axis-tick-value');
  await expect.poll(() => ticks.count()).toBeGreaterThan(2);
  // The day axis reads dd/mm; the rest are the duration axis.
  const labels = (await ticks.allTextContents()).filter((t) => !/^\d{2}\/\d{2}$/.test(t));
  expect(labels.length).toBeGreaterThan(1);
  expect(new Set(labels).size).toBe(labels.length);
  await shootBothWidths(page, 'results-grid');
});

test("WhatsApp's: desligar o agente de um número, para depois excluir o agente", async ({ page }) => {
  const person = await signedIn(page);
  await seedInbox({
    email: person.email,
    agents: ['Vendedora Ana'],
    linkFirstAgent: true,
    apelido: 'Loja Centro',
    conversations: 1,
    history: 1,
  });
  await page.goto('/agents-management');
  await page
    .getByRole('button', { name: /Excluir/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Agente em uso' })).toBeVisible();
  await page.getByRole('button', { name: "Ver meus WhatsApp's" }).click();

  await expect(page).toHaveURL(/\/instances-management$/);
  const row = page.getByTestId('instance-row');
  await expect(row).toContainText('Vendedora Ana');
  await shootBothWidths(page, 'numbers-linked');
  await row.getByRole('button', { name: 'Desligar agente de Loja Centro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desligar o agente deste WhatsApp?' });
  await expect(dialog).toContainText('Vendedora Ana');
  await dialog.getByRole('button', { name: 'Desligar agente' }).click();
  await expect(row).toContainText('Sem IA');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/agents-management');
  await page
    .getByRole('button', { name: /Excluir/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Excluir agente?' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Agente "Vendedora Ana" excluído.')).toBeVisible();
});
