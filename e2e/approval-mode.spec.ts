import {
  expect,
  expectNoSeriousA11yViolations,
  openChatMenu,
  screenshotOnDemand,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import {
  aiRepliesOnceIdle,
  connectNumber,
  receivedByCustomer,
  startCustomerChat,
  trainAgentThroughApi,
} from './support/live-number';

/**
 * 'A IA sugere, eu aprovo' (docs/decisions/045-approval-mode.md) as an owner lives it with the simulator:
 * approval turned on in the agent's settings (a time limit out of range refused in Portuguese, the typed
 * value kept); a customer writes and the AI's answer waits as 'Sugestão da IA' in the open inbox (and a
 * second open inbox), with the list's mark; 'Editar' then 'Enviar' → the customer receives exactly the
 * edited text and both inboxes say so; a second suggestion arrives live and 'Descartar' sends nothing;
 * a third is approved by answering '1' to the alert on the owner's own WhatsApp (the simulator shows it).
 */

const ANSWERS = [
  'Estúdio Brilho, clareamento dental e estética do sorriso em Campinas.',
  'Adultos que querem um sorriso mais claro antes de um evento.',
  'Clareamento a laser por R$ 890, em duas sessões; avaliação gratuita.',
  'A pessoa chama no WhatsApp, marca a avaliação e paga no Pix ou no cartão.',
  'Acha caro: parcelamos em até 10x sem juros.',
  'Acolhedora e objetiva, chama pelo primeiro nome.',
  'Enviar o link para marcar https://agenda.exemplo.com.br',
];
const CUSTOMER = { name: 'Bruno Lima', phone: '5511988887777' };
const EDITED = 'Oi, Bruno! O clareamento a laser custa R$ 890, em até 10x. Quer agendar uma avaliação gratuita?';

test('A IA sugere, eu aprovo: editar e enviar, descartar, e aprovar com 1 pelo WhatsApp', async ({ page }) => {
  test.setTimeout(300_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', ANSWERS);
  const { instance } = await connectNumber(page, 'Loja Centro');
  const phone = await page.context().newPage();
  const [agent] = (await (await page.request.get('/api/agents')).json()) as { id: string }[];

  // The agent's settings: a limit out of range is refused in Portuguese and stays typed; then 45 min, on.
  await page.goto(`/ia-management?agent=${agent!.id}&aba=age`);
  const settings = page.getByTestId('approval-settings');
  await expect(settings.getByRole('heading', { name: 'Aprovação das respostas' })).toBeVisible();
  const minutes = settings.getByLabel('Prazo para aprovar (minutos)');
  await expect(minutes).toHaveValue('30');
  await expect(settings.getByLabel(/Descartar a sugestão/)).toBeChecked();
  await minutes.fill('3');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(settings.getByText('Escolha um prazo entre 5 e 240 minutos.')).toBeVisible();
  await expect(minutes).toHaveValue('3');
  await minutes.fill('45');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Prazo da aprovação salvo.')).toBeVisible();
  const toggle = settings.getByRole('switch', { name: 'A IA sugere, eu aprovo' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get(`/api/agents/${agent!.id}`)).json()) as Record<string, unknown>)
    .toMatchObject({ approval_mode: true, approval_timeout_minutes: 45, approval_timeout_action: 'discard' });
  await shootBothWidths(page, 'approval-agent-settings');
  await screenshotOnDemand(settings, 'test-results/screens/approval-agent-settings-section.png');
  await expectNoSeriousA11yViolations(page);

  // The customer writes; the answer waits as a suggestion, marked in the list, nothing sent.
  await page.goto('/dashboard');
  const say = await startCustomerChat(phone, instance, CUSTOMER);
  await say('Olá! Quanto custa o clareamento?');
  // (The owner's alert quotes the customer from a chat of the business number too: never a row of the inbox.)
  const found = page.getByTestId('conversation-row').filter({ hasText: 'Quanto custa o clareamento' });
  await expect(found.getByTestId('pending-draft-mark')).toBeVisible({ timeout: 30_000 });
  const row = page.locator(`[data-testid="conversation-row"][href="${await found.getAttribute('href')}"]`);
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const card = chat.getByRole('region', { name: 'Sugestão da IA' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('draft-part').first()).not.toBeEmpty();
  await expect(card.getByTestId('draft-timeout')).toContainText(
    /Se ninguém agir até \d\d:\d\d \(em 4[45] min\), a sugestão será descartada e nada será enviado\./,
  );
  // The header's state line says approval is on; '⋯' has the conversation's own choice, 'Como o agente' now.
  await expect(chat.getByTestId('approval-chip')).toHaveText('Aprovação ligada');
  const menu = await openChatMenu(page);
  await expect(menu.getByRole('menuitemradio', { name: /Como o agente/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await aiRepliesOnceIdle(instance);
  expect(await receivedByCustomer(page, instance, CUSTOMER.phone)).toEqual([]);

  // A second inbox open on the same conversation shows the same suggestion.
  const other = await page.context().newPage();
  await other.goto(page.url());
  const otherCard = other.getByRole('region', { name: 'Sugestão da IA' });
  await expect(otherCard).toBeVisible();

  // 'Editar' then 'Enviar': the customer receives exactly the edited text; both inboxes say so.
  await card.getByRole('button', { name: 'Editar' }).click();
  await card.getByLabel(/Texto da resposta/).fill(EDITED);
  await screenshotOnDemand(card, 'test-results/screens/approval-draft-editing.png');
  await card.getByRole('button', { name: 'Enviar editada' }).click();
  await expect(chat.getByText('Sugestão editada enviada.')).toBeVisible();
  await expect(other.getByText('Sugestão editada enviada.')).toBeVisible();
  await expect(otherCard).toHaveCount(0);
  const aiReplies = chat.locator('[data-testid="message"][data-author="ai"]');
  await expect(aiReplies).toHaveCount(1, { timeout: 20_000 });
  await expect(aiReplies.first()).toContainText(EDITED);
  // The edited draft is the owner's text, no longer signed 'IA' (docs/decisions/066-business-facts-in-one-place.md).
  await expect(aiReplies.first().getByTestId('message-sender')).toHaveText('Editado por você');
  await expect(aiReplies.first().getByTestId('message-origin')).toHaveText('· Enviado por você');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothWidths(page, 'approval-draft-edited-bubble');
  await expect.poll(() => receivedByCustomer(page, instance, CUSTOMER.phone), { timeout: 20_000 }).toEqual([EDITED]);
  await expect(row.getByTestId('pending-draft-mark')).toHaveCount(0);
  await other.close();

  // A second suggestion arrives live in the open chat; 'Descartar' sends nothing.
  await say('E vocês parcelam no cartão?');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await shootBothWidths(page, 'approval-draft-pending');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Descartar' }).click();
  await expect(chat.getByText('Sugestão descartada: nada foi enviado.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await aiRepliesOnceIdle(instance);
  await expect(aiReplies).toHaveCount(1);
  expect(await receivedByCustomer(page, instance, CUSTOMER.phone)).toEqual([EDITED]);

  // A third is approved from the owner's own WhatsApp: the alert is in the simulator, '1' sends it.
  await say('Vocês atendem no sábado?');
  await expect(card).toBeVisible({ timeout: 30_000 });
  const suggested = await card.getByTestId('draft-part').allInnerTexts();
  const alertChat = phone.getByRole('button').filter({ hasText: 'Sugestão da IA para' });
  await expect(alertChat).toBeVisible({ timeout: 20_000 });
  await alertChat.click();
  const thread = phone.getByRole('region', { name: 'Conversa' });
  await expect(thread.locator('[data-from="business"]').last()).toContainText('Vocês atendem no sábado?');
  await expect(thread.locator('[data-from="business"]').last()).toContainText(
    'Responda 1 para enviar ou 2 para descartar.',
  );
  await phone.setViewportSize({ width: 390, height: 844 });
  await screenshotOnDemand(phone, 'test-results/screens/approval-owner-phone-alert-phone.png', { fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 800 });
  await say('1');
  await expect(thread.getByText(`✅ Resposta enviada para ${CUSTOMER.name}.`)).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByText('Sugestão enviada pelo WhatsApp.')).toBeVisible();
  // The owner's chat (the alerts, the '1') never shows in the open inbox, not even live (decision 048).
  await expect(page.getByTestId('conversation-row').filter({ hasText: 'Sugestão da IA para' })).toHaveCount(0);
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect
    .poll(() => receivedByCustomer(page, instance, CUSTOMER.phone), { timeout: 20_000 })
    .toEqual([EDITED, ...suggested]);
  // The AI's text as it wrote it, sent by the owner's '1'.
  await expect(aiReplies.last().getByTestId('message-sender')).toHaveText('IA');
  await expect(aiReplies.last().getByTestId('message-origin')).toHaveText('· Enviado por você');

  // The conversation's own choice: 'Desligada' here, and the next answer goes straight to the customer.
  await (await openChatMenu(page)).getByRole('menuitemradio', { name: /^Desligada/ }).click();
  await expect(page.getByText('Nesta conversa, a IA responde direto.')).toBeVisible();
  await expect(
    page.getByRole('menu').getByRole('group', { name: 'Aprovar respostas da IA nesta conversa (agora desligada)' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chat.getByTestId('approval-chip')).toHaveCount(0);
  // (The phone shows the owner's chat now: the customer writes through the simulator page's own API.)
  const res = await page.request.post(`/simulator/ui-api/instances/${instance}/messages`, {
    data: { customer: CUSTOMER, message: { type: 'text', text: 'Obrigado! Até sábado.' } },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(async () => (await receivedByCustomer(page, instance, CUSTOMER.phone)).length, { timeout: 30_000 })
    .toBeGreaterThan(1 + suggested.length);
  await aiRepliesOnceIdle(instance);
  await expect(card).toHaveCount(0);
});
