import {
  confirmEmailThroughLink,
  expect,
  expectNoSeriousA11yViolations,
  latestMailTo,
  newPerson,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import { openChatLabels } from './support/fixtures';
import { connectNumber, startCustomerChat } from './support/live-number';

/**
 * What attendants may do is the owner's choice (docs/decisions/052-attendant-permissions-and-number-claims.md),
 * with two browsers: on Equipe the five switches start at 'Só você'; the attendant's label menu says why
 * it cannot create or manage labels; the owner turns 'Gerenciar etiquetas' on and the attendant's menu
 * offers it after a reload.
 */

const CUSTOMER = { name: 'Carla Dias', phone: '5511977770001' };

test('the owner chooses on Equipe what attendants may do; the inbox follows', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const owner = await signedIn(page, newPerson());
  // Inviting needs a confirmed e-mail (docs/decisions/051-verified-email-and-membership-end.md).
  await confirmEmailThroughLink(page, owner.email);
  const { instance } = await connectNumber(page, 'Loja Sol');
  const phone = await page.context().newPage();
  const say = await startCustomerChat(phone, instance, CUSTOMER);
  await say('Oi! Vocês entregam hoje?');

  const attendant = { ...newPerson(), name: 'Bruno Lima' };
  const invited = await page.request.post('/api/team/invitations', { data: { email: attendant.email } });
  expect(invited.status()).toBe(201);
  const link = (await latestMailTo(attendant.email)).text.match(/\/convite\?code=[\w-]+/)?.[0];
  expect(link, 'link do convite no e-mail').toBeTruthy();

  const other = await browser.newContext();
  try {
    const bruno = await other.newPage();
    await bruno.goto(link!);
    await bruno.getByRole('link', { name: 'Criar conta com este e-mail' }).click();
    await bruno.getByLabel('Nome completo').fill(attendant.name);
    await bruno.getByLabel('Telefone (WhatsApp)').fill(attendant.phoneDigits);
    await bruno.getByLabel('Senha', { exact: true }).fill(attendant.password);
    await bruno.getByLabel('Confirmar senha').fill(attendant.password);
    await bruno.getByRole('button', { name: 'Criar conta' }).click();
    await bruno.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(bruno).toHaveURL(/\/dashboard$/);

    // The attendant's label menu: marking is open, creating and managing are the owner's.
    await bruno.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click({ timeout: 30_000 });
    const menu = await openChatLabels(bruno);
    await expect(menu.getByTestId('labels-locked')).toHaveText(
      'O dono da conta não liberou para atendentes criar, renomear ou apagar etiquetas.',
    );
    await expect(menu.getByRole('menuitem', { name: 'Gerenciar etiquetas' })).toHaveCount(0);
    await bruno.keyboard.press('Escape');

    // Equipe: five switches, all 'Só você'; the owner lets attendants manage labels.
    await page.goto('/equipe');
    const card = page.getByTestId('attendant-permissions');
    await expect(card.getByRole('heading', { name: 'O que atendentes podem fazer' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('switch')).toHaveCount(5);
    for (const sw of await card.getByRole('switch').all()) await expect(sw).toHaveAttribute('aria-checked', 'false');
    await card.getByRole('switch', { name: 'Gerenciar etiquetas' }).click();
    await expect(page.getByText('Gerenciar etiquetas: liberado para atendentes.')).toBeVisible();
    await expect(card.getByRole('switch', { name: 'Gerenciar etiquetas' })).toHaveAttribute('aria-checked', 'true');
    await shootBothWidths(page, 'team-permissions');
    await expectNoSeriousA11yViolations(page);

    // The attendant, after a reload: 'Gerenciar etiquetas' is there.
    await bruno.reload();
    await bruno.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
    const labels = await openChatLabels(bruno);
    await expect(labels.getByRole('menuitem', { name: 'Gerenciar etiquetas' })).toBeVisible();
    await expect(labels.getByTestId('labels-locked')).toHaveCount(0);
    await bruno.keyboard.press('Escape');

    // Each member chooses their own notifications: the attendant reaches them from the user menu.
    await bruno.getByRole('button', { name: 'Menu do usuário' }).click();
    await bruno.getByRole('menuitem', { name: 'Notificações no celular' }).click();
    await expect(bruno).toHaveURL(/\/notificacoes$/);
    await expect(bruno.getByRole('heading', { name: 'Notificações no celular', level: 1 })).toBeVisible();
    await expect(bruno.getByRole('heading', { name: 'Notificações no celular', level: 2 })).toBeVisible();
    await shootBothWidths(bruno, 'notifications-attendant');
    await expectNoSeriousA11yViolations(bruno);
  } finally {
    await other.close();
  }
});
