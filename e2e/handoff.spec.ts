import { expect, expectNoSeriousA11yViolations, newPerson, signedIn, shootBothWidths, test } from './support/fixtures';
import { openChatMenu } from './support/fixtures';
import { screenshotOnDemand } from './support/fixtures';
import { connectNumber, LOJA_SOL_ANSWERS, trainAgentThroughApi } from './support/live-number';

/**
 * Handoff done right (docs/decisions/015-handoff.md), as a new owner lives it with the simulator: a customer
 * asks for a person → one handoff answer, the conversation in Manual with the reason and 'IA volta em
 * 12 h', the alert arriving at the owner's own WhatsApp (the number given at sign-up) from the business
 * number; the owner resumes the AI at once and the next customer message is answered; the alert is
 * listed in 'Configurações'.
 */

const CUSTOMER = { name: 'Carla Dias', phone: '5511977770000' };

test('a customer asks for a person: handoff, alert on the owner’s phone, AI back at once', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(page, newPerson());
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);

  // The business number, connected in the simulator (its QR approved). The owner sets 'Só contatos novos' in
  // the WhatsApp list; Carla writes after the connection: a new contact.
  const { instance } = await connectNumber(page, 'Loja Sol');
  const phone = await page.context().newPage();
  await page.goto('/instances-management');
  await page.getByRole('combobox', { name: 'A IA responde em Loja Sol' }).first().selectOption('new');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/numbers')).json()) as { ai_audience: string }[])[0]?.ai_audience,
    )
    .toBe('new');

  // 'Configurações': the personal WhatsApp from sign-up is there; the alerts are on.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  await expect(page.getByLabel('Cliente pediu para falar com uma pessoa')).toBeChecked();
  await expect(page.getByText('Nenhum aviso ainda.')).toBeVisible();
  await page.goto('/dashboard');

  // The customer asks for a person in the simulator.
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByLabel('Mensagem do cliente').fill('Oi, quero falar com um atendente, por favor');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  const thread = phone.getByRole('region', { name: 'Conversa' });
  await expect(thread.locator('[data-from="business"]').getByText(/Vou chamar uma pessoa da nossa equipe/)).toBeVisible(
    {
      timeout: 30_000,
    },
  );

  // The inbox: Manual with the reason and when the AI comes back.
  // (The alert sent to the owner's number is a chat of the business number too: it mentions the customer.)
  const row = page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).filter({ hasNotText: '🔔' });
  await expect(row).toContainText('IA volta em 12 h', { timeout: 20_000 });
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const banner = chat.getByTestId('handoff-banner');
  await expect(banner).toContainText('A IA passou a conversa para você: O cliente pediu para falar com uma pessoa.');
  await expect(banner.getByTestId('ai-resumes-label')).toHaveText('IA volta em 12 h.');
  // The owner's answer here becomes a suggested FAQ entry (Conhecimento, decision 025).
  await expect(banner.getByTestId('handoff-learn-hint')).toContainText('revise em Conhecimento');
  await expect(chat.getByRole('switch', { name: 'Manual' })).not.toBeChecked();
  await shootBothWidths(page, 'handoff-inbox');
  await expectNoSeriousA11yViolations(page);

  // The alert reached the owner's own WhatsApp, from the business number (the simulator shows it).
  const alertChat = phone.getByRole('button').filter({ hasText: `${CUSTOMER.name} · ` });
  await expect(alertChat).toBeVisible({ timeout: 20_000 });
  await alertChat.click();
  const alert = thread.locator('[data-from="business"]').filter({ hasText: 'quer falar com uma pessoa' });
  await expect(alert).toContainText(`${CUSTOMER.name}`);
  await expect(alert).toContainText('Por quê: “O cliente pediu para falar com uma pessoa.”');
  await expect(alert).toContainText('/dashboard?conversa=');
  const ownerDigits = `55${owner.phoneDigits}`;
  const chats = (await (await page.request.get(`/simulator/ui-api/instances/${instance}/chats`)).json()) as {
    remoteJid: string;
  }[];
  expect(chats.some((c) => c.remoteJid.startsWith(ownerDigits))).toBe(true);
  await phone.setViewportSize({ width: 390, height: 844 });
  await screenshotOnDemand(phone, 'test-results/screens/handoff-owner-phone-alert-phone.png', { fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 800 });
  await screenshotOnDemand(phone, 'test-results/screens/handoff-owner-phone-alert-desktop.png', { fullPage: true });

  // The owner resumes the AI at once: the next customer message is answered.
  await banner.getByRole('button', { name: 'Retomar IA agora' }).click();
  await expect(chat.getByRole('switch', { name: 'IA' })).toBeChecked();
  await expect(chat.getByTestId('handoff-banner')).toHaveCount(0);
  const aiReplies = chat.locator('[data-testid="message"][data-author="ai"]');
  const before = await aiReplies.count();
  await phone
    .getByRole('button', { name: /Carla Dias/ })
    .filter({ hasNotText: `${CUSTOMER.name} · ` })
    .click();
  // The chat opens with its own composer: typing before it shows would type into the alert's chat.
  await expect(
    thread.locator('[data-from="customer"]').filter({ hasText: 'Oi, quero falar com um atendente, por favor' }),
  ).toBeVisible();
  await phone.getByLabel('Mensagem do cliente').fill('Oi! Quanto custa o biquíni?');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  await expect(aiReplies).toHaveCount(before + 1, { timeout: 30_000 });

  // Every alert is listed in 'Configurações'.
  await page.goto('/settings');
  const listed = page.getByTestId('alert-list').getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Carla Dias · Pediu uma pessoa');
  await expect(listed).toContainText('Enviado');
  await shootBothWidths(page, 'handoff-settings');

  // The WhatsApp list shows whom the AI answers, and can change it.
  await page.goto('/instances-management');
  await expect(page.getByRole('combobox', { name: 'A IA responde em Loja Sol' }).first()).toHaveValue('new');
  await shootBothWidths(page, 'audience-numbers-list');

  // 'Nunca responder' for Carla: the AI switch is off and locked, the header says why.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).filter({ hasNotText: '🔔' }).click();
  const menu = await openChatMenu(page);
  await menu.getByRole('menuitemcheckbox', { name: 'Nunca responder' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Nunca responder' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(chat.getByRole('switch', { name: 'Manual' })).toBeDisabled();
  await expect(chat.getByText(/A IA nunca responde a este contato/)).toBeVisible();
  await shootBothWidths(page, 'audience-inbox-header');
  await expectNoSeriousA11yViolations(page);
});
