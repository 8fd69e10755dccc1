import { expect, expectNoSeriousA11yViolations, shootBothWidths, signedIn, test } from './support/fixtures';
import { connectNumber, LOJA_SOL_ANSWERS, startCustomerChat, trainAgentThroughApi } from './support/live-number';

/**
 * Opt-out and 'Avisos' (docs/decisions/048-opt-out-and-owner-channel.md) as an owner lives them with the
 * simulator: a customer writes 'Não quero mais.' and the inbox marks the conversation 'Pediu para sair'
 * (list, banner, contact panel) with no AI answer; 'Desfazer' asks first, then lifts it; a customer asking
 * for a person sends an alert to the owner's phone, which shows in 'Avisos' and never as a conversation.
 */
test('opt-out marcado e desfeito; avisos fora das conversas', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', LOJA_SOL_ANSWERS);
  const { instance } = await connectNumber(page, 'Loja Centro');

  const phone = await context.newPage();
  const say = await startCustomerChat(phone, instance, { name: 'Carla Dias', phone: '5531988887777' });
  await say('Não quero mais.');

  await page.goto('/dashboard');
  const row = page.getByTestId('conversation-row').filter({ hasText: 'Carla Dias' });
  await expect(row.getByTestId('opt-out-marker')).toHaveText('Pediu para sair', { timeout: 30_000 });
  await row.click();
  const banner = page.getByTestId('opt-out-banner');
  await expect(banner).toContainText('Este contato pediu para sair');
  await shootBothWidths(page, 'opt-out-conversation');
  await banner.getByRole('button', { name: 'Desfazer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desfazer o pedido para sair?' });
  await expect(dialog).toBeVisible();
  await shootBothWidths(page, 'opt-out-undo-dialog');
  await dialog.getByRole('button', { name: 'Desfazer pedido' }).click();
  await expect(page.getByText('Pedido para sair desfeito.')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A customer asks for a person: the alert goes to the owner's phone and shows in 'Avisos' only.
  const other = await startCustomerChat(phone, instance, { name: 'Davi Souza', phone: '5511977776666' });
  await other('Quero falar com um atendente');
  await page.goto('/avisos');
  await expect(page.getByRole('heading', { name: 'Avisos' })).toBeVisible();
  await expect(page.getByTestId('owner-channel-alert').first()).toContainText('Davi Souza', { timeout: 30_000 });
  await shootBothWidths(page, 'avisos');
  await expectNoSeriousA11yViolations(page);
});
