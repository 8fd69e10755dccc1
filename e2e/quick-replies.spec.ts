import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';
import { connectNumber } from './support/live-number';

/**
 * Quick replies in the inbox (docs/decisions/040-inbox-search.md): the owner saves a text under a
 * shortcut in the manage dialog; in a chat, `/` and part of the shortcut offers it, Enter expands it
 * with the customer's first name for {nome}, and sending it reaches the customer; Esc closes the
 * menu; a deleted reply is no longer offered.
 */

const CUSTOMER = { name: 'Bruno Lima', phone: '5511977776666' };
const TEXT = 'Oi {nome}! Nossa chave Pix é o CNPJ 12.345.678/0001-90.';
const EXPANDED = 'Oi Bruno! Nossa chave Pix é o CNPJ 12.345.678/0001-90.';

test('respostas rápidas: cadastrar, /atalho expande com o primeiro nome, envio ao cliente, Esc e exclusão', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page);
  const { instance } = await connectNumber(page, 'Loja Centro');
  const phone = await page.context().newPage();
  await page.goto('/dashboard');

  // A customer with a name writes on the simulator page.
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByLabel('Mensagem do cliente').fill('Oi! Como faço o pagamento?');
  await phone.getByLabel('Mensagem do cliente').press('Enter');

  const row = page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name });
  await expect(row).toContainText('Oi! Como faço o pagamento?', { timeout: 20_000 });
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const messages = chat.getByTestId('message');
  await expect(messages.filter({ hasText: 'Oi! Como faço o pagamento?' })).toHaveCount(1);
  // `/` with nothing saved: the menu says so and leads to the manage dialog.
  const box = chat.getByRole('textbox', { name: 'Mensagem' });
  const menu = chat.getByTestId('quick-reply-menu');
  await box.fill('/');
  await expect(menu).toContainText('Você ainda não tem respostas rápidas.');
  await menu.getByRole('button', { name: 'Gerenciar respostas rápidas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Respostas rápidas' });
  await expect(dialog).toContainText('Nenhuma resposta rápida ainda.');
  await dialog.getByLabel('Atalho').fill('pix');
  await dialog.getByLabel('Texto').fill(TEXT);
  await dialog.getByRole('button', { name: 'Salvar resposta rápida' }).click();
  await expect(page.getByText('Resposta rápida salva.')).toBeVisible();
  const saved = dialog.getByRole('listitem').filter({ hasText: '/pix' });
  await expect(saved).toContainText(TEXT);
  await expect(dialog.getByLabel('Atalho')).toHaveValue('');
  await shootBothWidths(page, 'quick-replies-manage');
  // The toast fades out before the page is checked (axe reads its colours mid-animation).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Saving in the dialog did not send the composer's `/` to the customer.
  await expect(box).toHaveValue('/');
  await expect(messages).toHaveCount(1);

  // `/` and part of the shortcut: the menu offers it; Enter expands it with the first name.
  await box.fill('/pi');
  const options = menu.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('/pix');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await shootBothWidths(page, 'quick-replies-menu');
  await expectNoSeriousA11yViolations(page);
  await box.press('Enter');
  await expect(menu).toBeHidden();
  await expect(box).toHaveValue(EXPANDED);

  // Sending it delivers the expanded text to the customer.
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const mine = messages.filter({ hasText: EXPANDED });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-author', 'owner_app');
  await expect(mine).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 20_000 });
  const thread = phone.getByRole('region', { name: 'Conversa' });
  await expect(thread.getByText(EXPANDED)).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByText('{nome}')).toHaveCount(0);

  // Esc closes the menu and leaves the text as typed.
  await box.fill('/p');
  await expect(options).toHaveCount(1);
  await box.press('Escape');
  await expect(menu).toBeHidden();
  await expect(box).toHaveValue('/p');

  // Deleting the reply: the menu no longer offers it.
  await box.fill('/');
  await menu.getByRole('button', { name: 'Gerenciar respostas rápidas' }).click();
  await dialog.getByRole('button', { name: 'Excluir /pix' }).click();
  await expect(dialog).toContainText('Nenhuma resposta rápida ainda.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await box.fill('/pi');
  await expect(menu).toContainText('Nenhuma resposta rápida começa com /pi.');
  await expect(options).toHaveCount(0);
  await phone.close();
});
