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
import { connectNumber, LOJA_SOL_ANSWERS, startCustomerChat, trainAgentThroughApi } from './support/live-number';

/**
 * The team (docs/decisions/044-team-roles-and-assignment.md) with two browsers: the owner invites an
 * attendant from 'Equipe'; the attendant opens the e-mailed link signed out, creates an account, accepts,
 * and answers a customer in the owner's inbox; the owner sees the attendant's name on that bubble. The
 * attendant's menu has only the team's entries and owner pages send them back to the inbox.
 */

const CUSTOMER = { name: 'Carla Dias', phone: '5511977770000' };
const REPLY = 'Oi, Carla! Aqui é o Bruno, temos sim no tamanho M.';

test('owner invites, attendant accepts and answers, owner sees who answered', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(page, newPerson());
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);
  const { instance } = await connectNumber(page, 'Loja Sol');
  const phone = await page.context().newPage();
  await page.goto('/dashboard');

  // 'Equipe' from the menu. The e-mail is not confirmed yet: the banner says so and inviting waits for it
  // (docs/decisions/051-verified-email-and-membership-end.md).
  const attendant = { ...newPerson(), name: 'Bruno Lima' };
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible();
  const banner = page.getByTestId('email-verification-banner');
  await expect(banner).toContainText(`Confirme seu e-mail ${owner.email}`);
  await page.getByLabel('E-mail da pessoa').fill(attendant.email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('Confirme o seu e-mail antes de convidar pessoas')).toBeVisible();
  await banner.getByRole('button', { name: 'Reenviar e-mail' }).click();
  await expect(page.getByText(`Enviamos um novo link de confirmação para ${owner.email}.`)).toBeVisible();
  await shootBothWidths(page, 'team-email-unconfirmed');
  await expectNoSeriousA11yViolations(page);
  await confirmEmailThroughLink(page, owner.email);
  await shootBothWidths(page, 'email-confirmed');
  await page.getByRole('link', { name: 'Ir para o painel' }).click();
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' }).click();
  await expect(page).toHaveURL(/\/equipe$/);
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  await expect(page.getByText('Só você por enquanto.')).toBeVisible();
  await page.getByLabel('E-mail da pessoa').fill('sem-arroba');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(page.getByLabel('E-mail da pessoa')).toHaveValue('sem-arroba');
  await page.getByLabel('E-mail da pessoa').fill(attendant.email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${attendant.email}.`)).toBeVisible();
  await expect(page.getByTestId('team-invitation')).toContainText(attendant.email);
  await shootBothWidths(page, 'team-page');
  await expectNoSeriousA11yViolations(page);

  const mail = await latestMailTo(attendant.email);
  // Fixed text: the account's name only quoted in the body (decision 051).
  expect(mail.subject).toBe('Convite para uma equipe no VendAI');
  expect(mail.text).toContain('equipe da conta “Mariana Souza”');
  const link = mail.text.match(/\/convite\?code=[\w-]+/)?.[0];
  expect(link, 'link do convite no e-mail').toBeTruthy();

  // The owner's inbox stays open while the attendant joins: the queues appear without a reload.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Conversas', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Minhas' })).toHaveCount(0);

  // The attendant, in another browser, signed out: create the account, come back, accept.
  const other = await browser.newContext();
  try {
    const bruno = await other.newPage();
    await bruno.goto(link!);
    await expect(bruno.getByRole('heading', { name: 'Convite para a equipe de “Mariana Souza”' })).toBeVisible();
    await shootBothWidths(bruno, 'team-invite-signed-out');
    await bruno.getByRole('link', { name: 'Criar conta com este e-mail' }).click();
    await bruno.getByLabel('Nome completo').fill(attendant.name);
    await expect(bruno.getByLabel('E-mail')).toHaveValue(attendant.email); // the invited e-mail, already there
    await bruno.getByLabel('Telefone (WhatsApp)').fill(attendant.phoneDigits);
    await bruno.getByLabel('Senha', { exact: true }).fill(attendant.password);
    await bruno.getByLabel('Confirmar senha').fill(attendant.password);
    await bruno.getByRole('button', { name: 'Criar conta' }).click();
    await expect(bruno).toHaveURL(/\/convite\?code=/);
    await bruno.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(bruno).toHaveURL(/\/dashboard$/);
    await expect(bruno.getByText('Equipe de Mariana Souza')).toBeVisible(); // (desktop width)
    await expect(page.getByRole('tab', { name: 'Minhas' })).toBeVisible();

    // The attendant's menu: the inbox, not the owner's areas; an owner page sends them back.
    const nav = bruno.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Conversas' })).toBeVisible();
    for (const name of ['Planos', 'IA Treinamento', 'Configurações', 'Equipe', "WhatsApp's"])
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
    await bruno.goto('/settings');
    await expect(bruno).toHaveURL(/\/dashboard$/);

    // A customer writes; the attendant answers from the shared inbox.
    const say = await startCustomerChat(phone, instance, CUSTOMER);
    await say('Oi! Tem biquíni tamanho M?');
    const row = bruno.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.click();
    const chat = bruno.getByRole('region', { name: 'Conversa' });
    // The attendant reads the customer's message, then answers. (Sent while the chat's first page is still
    // loading, the message's optimistic update cancels that load and the chat stays a skeleton.)
    await expect(chat.getByTestId('message').filter({ hasText: 'Oi! Tem biquíni tamanho M?' })).toBeVisible();
    await chat.getByLabel('Mensagem', { exact: true }).fill(REPLY);
    await chat.getByRole('button', { name: 'Enviar mensagem' }).click();
    const mine = chat.locator('[data-testid="message"][data-author="owner_app"]').filter({ hasText: REPLY });
    await expect(mine).toHaveAttribute('data-status', /sent|delivered|read/, { timeout: 20_000 });
    await expect(mine.getByTestId('message-sender')).toHaveText('Você');
    // 'Responsável': the attendant takes it; 'Minhas' lists it.
    await chat.getByLabel('Responsável pela conversa').selectOption({ label: `${attendant.name} (você)` });
    await bruno.getByRole('tab', { name: 'Minhas' }).click();
    await expect(bruno.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name })).toBeVisible();
    await shootBothWidths(bruno, 'team-attendant-inbox');
    await expectNoSeriousA11yViolations(bruno);
  } finally {
    await other.close();
  }

  // The owner sees who answered, and who the conversation is with.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
  const ownerChat = page.getByRole('region', { name: 'Conversa' });
  const bubble = ownerChat.locator('[data-testid="message"][data-author="owner_app"]').filter({ hasText: REPLY });
  await expect(bubble.getByTestId('message-sender')).toHaveText(attendant.name);
  await expect(ownerChat.getByLabel('Responsável pela conversa')).toHaveValue(/.+/);
  await page.getByRole('tab', { name: 'Sem responsável' }).click();
  await expect(page.getByText('Nenhuma conversa sem responsável')).toBeVisible();
  await shootBothWidths(page, 'team-owner-inbox');
  await page.goto('/equipe');
  await expect(page.getByTestId('team-member').filter({ hasText: attendant.name })).toContainText('Atendente');

  // 'Copiar link': the invitation made without a mail, its link shown to send by other means.
  const third = newPerson();
  await page.getByLabel('E-mail da pessoa').fill(third.email);
  await page.getByRole('button', { name: 'Copiar link' }).click();
  const made = page.getByTestId('invitation-link');
  await expect(made).toContainText(`Link do convite para ${third.email}`);
  await expect(made.getByRole('textbox')).toHaveValue(/\/convite\?code=[\w-]+$/);
  await expect(page.getByTestId('team-invitation').filter({ hasText: third.email })).toBeVisible();
  await shootBothWidths(page, 'team-copy-link');
  await expectNoSeriousA11yViolations(page);
});

test('someone whose own account has an agent is told what to do before joining another team', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signedIn(page, newPerson());
  await confirmEmailThroughLink(page, owner.email);
  const other = await browser.newContext();
  try {
    const shopPage = await other.newPage();
    const shopOwner = await signedIn(shopPage, newPerson());
    await trainAgentThroughApi(shopPage, 'Sol', LOJA_SOL_ANSWERS);

    await page.goto('/equipe');
    await page.getByLabel('E-mail da pessoa').fill(shopOwner.email);
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(page.getByText(`Convite enviado para ${shopOwner.email}.`)).toBeVisible();
    const mail = await latestMailTo(shopOwner.email);
    const link = mail.text.match(/\/convite\?code=[\w-]+/)![0];

    await shopPage.goto(link);
    await shopPage.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(shopPage.getByRole('alert')).toContainText(
      'Sua conta tem números de WhatsApp ou agentes de IA próprios',
    );
    await expect(shopPage).toHaveURL(/\/convite\?code=/);
    await shootBothWidths(shopPage, 'team-invite-owns-shop');
    await expectNoSeriousA11yViolations(shopPage);
  } finally {
    await other.close();
  }
});
