import {
  CONTROL_URL,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  openChatLabels,
  openChatMenu,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import type { Page } from '@playwright/test';
import type { SeedInboxResult } from './support/inbox-seed';

/**
 * The chat header in one row (docs/decisions/063-chat-header-in-one-row.md): at 1280 px the header is one
 * row with the AI switch, the contact panel and '⋯'; every other action is a labelled item of '⋯', the
 * destructive one last and confirmed; at 390 px the conversation keeps most of the screen.
 */
async function seed(email: string): Promise<SeedInboxResult> {
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({
      email,
      conversations: 3,
      history: 8,
      apelido: 'Loja Centro',
      agents: ['Luna'],
      linkFirstAgent: true,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SeedInboxResult;
}

const heightOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.height ?? 0;

test('cabeçalho da conversa em uma linha, com ⋯ para o resto', async ({ page }) => {
  test.setTimeout(120_000);
  const person = await signedIn(page);
  const shop = await seed(person.email);
  await page.goto(`/dashboard?conversa=${shop.richId}`);
  const chat = page.getByRole('region', { name: 'Conversa', exact: true });
  const header = chat.locator('header').first();
  await expect(chat.getByTestId('chat-title')).toHaveText('Ana Paula Souza');

  // One row at 1280 px: the avatar, the name, the AI switch, the contact panel and '⋯' share a line.
  const one = await header.boundingBox();
  expect(one!.height).toBeLessThanOrEqual(64);
  await expect(header.getByRole('switch')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Abrir painel do contato' })).toBeVisible();

  // '⋯' holds the rest, each with its label; the erasure last, apart, behind a confirmation.
  const menu = await openChatMenu(page);
  const items = menu.getByRole('menuitem').or(menu.getByRole('menuitemcheckbox')).or(menu.getByRole('menuitemradio'));
  await expect(items.first()).toBeVisible();
  const names = (await items.allInnerTexts()).map((t) => t.trim());
  expect(names).toContain('Cobrar com Pix');
  expect(names).toContain('Etiquetas');
  expect(names).toContain('Nunca responder');
  expect(names.at(-1)).toBe('Apagar dados deste contato');
  await menu.getByRole('menuitem', { name: 'Apagar dados deste contato' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apagar dados deste contato' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(chat.getByTestId('chat-title')).toHaveText('Ana Paula Souza');

  // A label put from '⋯' → 'Etiquetas' shows in the header's state line, still one row; the chips open
  // the same menu.
  const labels = await openChatLabels(page);
  await labels.getByLabel('Nome da nova etiqueta').fill('VIP');
  await labels.getByRole('button', { name: 'Criar etiqueta' }).click();
  await expect(labels.getByRole('menuitemcheckbox', { name: 'VIP' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(header.getByTestId('label-chip')).toHaveText(['VIP']);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await header.getByRole('button', { name: 'Etiquetas da conversa' }).click();
  await expect(page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'VIP' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'chat-header');

  // A phone: the conversation (the messages) keeps at least 60 % of the screen's height.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chat.getByTestId('chat-title')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const messages = await heightOf(page, '[data-testid="message-scroll"]');
  expect(messages / 844).toBeGreaterThanOrEqual(0.6);
  const phoneMenu = await openChatMenu(page);
  await expect(phoneMenu.getByRole('menuitem', { name: 'Cobrar com Pix' })).toBeVisible();
  await page.keyboard.press('Escape');
});
