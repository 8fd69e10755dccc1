import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import { openChatLabels } from './support/fixtures';
import type { SeedInboxResult } from './support/inbox-seed';

/**
 * Labels, private notes and the contact panel (docs/decisions/043-labels-notes-funnel.md): a label is
 * created from the chat and put on the conversation (chips on the row and in the header, and in another
 * open tab at once), the list is filtered by it, a note written in the contact panel shows as a yellow
 * 'Nota interna' card with its author and never as a message, and the panel lists the customer's
 * conversation on the shop's other number, which opens that chat.
 */
const NOTE = 'Cliente prefere receber depois das 18h. Combinado frete grátis.';

async function seed(email: string, body: Record<string, unknown>): Promise<SeedInboxResult> {
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, { method: 'POST', body: JSON.stringify({ email, ...body }) });
  expect(res.status).toBe(200);
  return (await res.json()) as SeedInboxResult;
}

test('etiquetas, filtro, nota interna e painel do contato', async ({ page }) => {
  test.setTimeout(150_000);
  const person = await signedIn(page);
  const main = await seed(person.email, {
    conversations: 6,
    history: 6,
    apelido: 'Loja Centro',
    agents: ['Luna'],
    linkFirstAgent: true,
  });
  // The same customer (Ana Paula Souza) also wrote to the shop's second number.
  const second = await seed(person.email, {
    conversations: 0,
    history: 2,
    apelido: 'Loja Shopping',
    agents: ['Sol'],
    linkFirstAgent: true,
  });
  await page.goto(`/dashboard?conversa=${main.richId}`);
  const chat = page.getByRole('region', { name: 'Conversa', exact: true });
  await expect(chat.getByTestId('chat-title')).toHaveText('Ana Paula Souza');

  // Another tab of the same account, showing the list.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  const rowOf = (p: typeof page) =>
    p.getByTestId('conversation-row').filter({ hasText: 'Ana Paula Souza' }).filter({ hasText: 'Loja Centro' });
  const otherRow = rowOf(other);
  await expect(otherRow).toBeVisible();

  // Create 'VIP' from the chat's 'Etiquetas' menu: it is put on the conversation at once.
  const menu = await openChatLabels(page);
  await expect(menu).toContainText('Crie a primeira etiqueta abaixo.');
  await menu.getByLabel('Nome da nova etiqueta').fill('VIP');
  await menu.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'VIP' })).toHaveAttribute('aria-checked', 'true');
  // A second label from the same menu, then a duplicate name is refused in Portuguese.
  await menu.getByLabel('Nome da nova etiqueta').fill('Atacado');
  await menu.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Atacado' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByLabel('Nome da nova etiqueta').fill('vip');
  await menu.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(menu.getByRole('alert')).toHaveText('Você já tem uma etiqueta com este nome.');
  await expect(menu.getByLabel('Nome da nova etiqueta')).toHaveValue('vip');
  // Take 'Atacado' off again.
  await menu.getByRole('menuitemcheckbox', { name: 'Atacado' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Atacado' })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await expect(rowOf(page).getByTestId('label-chip')).toHaveText(['VIP']);
  await expect(chat.getByTestId('label-chip')).toHaveText(['VIP']);
  // The other tab heard it.
  await expect(otherRow.getByTestId('label-chip')).toHaveText(['VIP']);
  await other.close();
  await shootBothWidths(page, 'labels-notes-chat');

  // Filter the list by 'VIP': only the labelled conversation is left; clearing brings all back.
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(10); // 6 + a group and a rich chat per number
  await page.getByRole('button', { name: 'Filtrar por etiqueta' }).click();
  await page.getByRole('menuitemradio', { name: 'VIP' }).click();
  await expect(page.getByRole('heading', { name: 'Conversas filtradas' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ana Paula Souza');
  await expect(rows.first()).toContainText('Loja Centro');

  // The contact panel: name, phone, labels; write a note.
  await chat.getByRole('button', { name: 'Abrir painel do contato' }).click();
  const panel = page.getByRole('complementary', { name: 'Painel do contato' });
  await expect(panel.getByTestId('contact-name')).toHaveText('Ana Paula Souza');
  await expect(panel).toContainText('+55 (11) 91234-5678');
  await expect(panel.getByTestId('label-chip')).toHaveText(['VIP']);
  await expect(panel).toContainText('Nenhuma nota ainda.');
  const noteBox = panel.getByLabel('Nova nota interna');
  await noteBox.fill(NOTE);
  await panel.getByRole('button', { name: 'Salvar nota' }).click();
  const card = panel.getByTestId('note-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Nota interna');
  await expect(card).toContainText(NOTE);
  await expect(card).toContainText(person.name);
  await expect(noteBox).toHaveValue('');
  // A note is never a message of the chat.
  await expect(chat.getByTestId('message').filter({ hasText: NOTE })).toHaveCount(0);
  // The customer's conversation on the other number.
  const others = panel.getByRole('link', { name: /via Loja Shopping/ });
  await expect(others).toHaveCount(1);

  await shootBothWidths(page, 'labels-notes-contact-panel');
  await expectNoSeriousA11yViolations(page);

  // The label filter is kept while the panel opens the other conversation (not labelled: not in the list).
  await others.click();
  await expect(page).toHaveURL(new RegExp(`conversa=${second.richId}`));
  await expect(chat.getByTestId('chat-title')).toHaveText('Ana Paula Souza');
  await expect(panel.getByTestId('note-card')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: /via Loja Centro/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Limpar filtro de etiqueta' }).click();
  await expect(rows).toHaveCount(10);

  // Manage: rename and recolour 'VIP'; the chips follow.
  await page.goto(`/dashboard?conversa=${main.richId}`);
  await (await openChatLabels(page)).getByRole('menuitem', { name: 'Gerenciar etiquetas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Etiquetas' });
  await dialog.getByRole('button', { name: 'Editar etiqueta VIP' }).click();
  await dialog.getByLabel('Nome', { exact: true }).fill('Cliente VIP');
  await dialog.getByRole('radio', { name: 'Roxo' }).first().check({ force: true });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByTestId('label-chip').filter({ hasText: 'Cliente VIP' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(chat.locator('header').getByTestId('label-chip')).toHaveText(['Cliente VIP']);
  // The note is still there after a reload.
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Painel do contato' }).getByTestId('note-card')).toContainText(
    NOTE,
  );
  // With the panel closed, the newest note shows above the message box; 'Ver notas' opens the panel.
  await page.getByRole('button', { name: 'Fechar painel do contato' }).first().click();
  const hint = chat.getByTestId('notes-hint');
  await expect(hint).toContainText(`Nota interna de ${person.name}: ${NOTE}`);
  await expect(chat.getByTestId('message').filter({ hasText: 'Obrigada!' })).toBeVisible();
  await shootBothWidths(page, 'labels-notes-hint');
  await hint.getByRole('button', { name: 'Ver notas' }).click();
  await expect(page.getByRole('complementary', { name: 'Painel do contato' })).toBeVisible();
  await expect(hint).toBeHidden();
});
