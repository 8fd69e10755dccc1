import type { Page } from '@playwright/test';
import {
  confirmEmailThroughLink,
  expect,
  expectNoSeriousA11yViolations,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import {
  cloudCustomerWrites,
  connectCloudNumberThroughSimulator,
  connectNumber,
  startCustomerChat,
  trainAgentThroughApi,
} from './support/live-number';
import {
  addCamiseta,
  paymentConfirmed,
  payInLocalBank,
  PIX_CUSTOMER,
  PIX_SHOP_ANSWERS,
  PIX_TOTAL,
  pixReceived,
} from './support/pix-journey';

/**
 * 'Campanhas' (docs/decisions/072-campaigns.md) in the browser, with the simulator and the demo AI: a customer
 * wrote to the shop; the owner records the customer's consent on the contact panel, builds an audience in
 * 'Campanhas' (the live count, who is left out and why), writes the message, sees the cost and the QR track's
 * warning and sends; the customer gets the AI's variation of the text, answers, orders two camisetas and pays
 * the Pix; the campaign's card shows the reply, the order and the paid revenue. 1280 and 390 px, axe.
 */
/** The owner records the customer's consent on the contact panel ('Perguntei na conversa'). */
async function recordConsent(page: Page, customerName: string) {
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: customerName }).click({ timeout: 30_000 });
  const panel = page.getByRole('complementary', { name: 'Painel do contato' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Abrir painel do contato' }).click();
  await panel.getByRole('button', { name: 'Registrar consentimento' }).click();
  await panel.getByLabel('Como o cliente aceitou?').selectOption({ label: 'Perguntei na conversa' });
  await panel.getByRole('button', { name: 'Registrar agora' }).click();
  await expect(panel.getByTestId('consent-active')).toContainText('Aceita receber campanhas');
}

test('the owner sends a campaign to a customer with consent, who answers and buys', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await signedIn(page);
  await confirmEmailThroughLink(page, owner.email);
  await trainAgentThroughApi(page, 'Nina', PIX_SHOP_ANSWERS);
  // Open every day (the journey may run at any hour): campaigns go only inside the business hours.
  const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
  const hours = await page.request.put('/api/settings/business', {
    data: { timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  await page.goto('/settings');
  const pix = page.getByRole('region', { name: 'Pagamentos Pix' });
  await pix.getByRole('radio', { name: 'Pix local de teste' }).check();
  await pix.getByRole('button', { name: 'Salvar e testar' }).click();
  await expect(pix.getByText('Configurado com Pix local de teste')).toBeVisible({ timeout: 15_000 });
  await addCamiseta(page);
  const { instance } = await connectNumber(page, 'Loja Norte');
  const phone = await page.context().newPage();

  // The customer wrote to the shop last week (here: now) and the AI answered.
  const say = await startCustomerChat(phone, instance, PIX_CUSTOMER);
  await say('Oi, vocês têm camiseta básica?');
  const fromBusiness = phone.getByRole('region', { name: 'Conversa' }).locator('[data-from="business"]');
  await expect(fromBusiness).not.toHaveCount(0, { timeout: 30_000 });

  // 'Campanhas' is in the navigation; nobody has consent yet: the count says who is left out and why.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Campanhas' }).first().click();
  await expect(page.getByRole('heading', { name: 'Campanhas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('0 de 1');
  await expect(page.getByText('1 fora: Sem consentimento registrado')).toBeVisible();

  // The owner records the consent on the contact panel.
  await recordConsent(page, PIX_CUSTOMER.name);
  await expectNoSeriousA11yViolations(page);

  // The guided builder: audience → message → cost and consent summary → send.
  await page.goto('/campanhas');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('1 de 1');
  await shootBothWidths(page, 'campaigns-audience');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Nome da campanha (só você vê)').fill('Volta às aulas');
  await page.getByLabel('Quer ajuda da IA? Diga o objetivo').fill('camisetas básicas novas chegaram');
  await page.getByRole('button', { name: 'Sugerir com IA' }).click();
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue(/\{nome\}/);
  await page
    .getByLabel('Mensagem', { exact: true })
    .fill('Oi {nome}! Chegaram camisetas básicas novas, a partir de R$ 49,90. Quer ver?');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('campaign-cost')).toHaveText('Sem custo da Meta (QR Code)');
  await expect(page.getByText('podem levar ao bloqueio do número')).toBeVisible();
  await shootBothWidths(page, 'campaigns-summary');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();

  // The customer gets the AI's variation of the owner's text (the price kept).
  const campaignMessage = fromBusiness.filter({ hasText: 'R$ 49,90. Quer ver?' });
  await expect(campaignMessage).toHaveCount(1, { timeout: 60_000 });
  await expect(campaignMessage).toContainText('Rafael');

  // The customer answers and buys: the reply goes to the AI like any customer message.
  await say('quero 2 camisetas G');
  await expect(fromBusiness.filter({ hasText: 'Anotei seu pedido: 2x Camiseta básica (G)' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(fromBusiness.filter({ hasText: 'preciso do CPF (ou CNPJ) de quem vai pagar' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await say('meu cpf é 529.982.247-25');
  const copiaECola = await pixReceived(fromBusiness);
  await payInLocalBank(page, copiaECola);
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: PIX_CUSTOMER.name }).click();
  await paymentConfirmed(page, fromBusiness);

  // The campaign shows the sale.
  await page.goto('/campanhas');
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Volta às aulas' });
  await expect(card.getByTestId('campaign-Enviadas')).toHaveText('1 de 1');
  await expect(card.getByTestId('campaign-Responderam')).toHaveText('1');
  await expect(card.getByTestId('campaign-Pedidos')).toHaveText('1');
  await expect(card.getByTestId('campaign-Receita paga')).toHaveText(PIX_TOTAL);
  await shootBothWidths(page, 'campaigns-results');
  await expectNoSeriousA11yViolations(page);
});

/**
 * On an official-API number the message is a marketing template Meta must approve
 * (docs/decisions/075-template-submission.md): the owner writes the text with {nome}, submits it, sees it in
 * review; Meta (the simulator's stand-in) approves it and the page shows it; the owner sees the estimated cost
 * and sends; the customer gets the template with their name, and the campaign's card shows the template
 * approved. 1280 and 390 px, axe.
 */
test('on the official API the owner writes the text, Meta approves the template, the owner sends', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await signedIn(page);
  await confirmEmailThroughLink(page, owner.email);
  const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
  const hours = await page.request.put('/api/settings/business', {
    data: { timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const number = await connectCloudNumberThroughSimulator(page, 'Doces da Ana');
  const customer = { name: 'Marina Souza', phone: `55119${Date.now().toString().slice(-8)}` };
  const chat = await cloudCustomerWrites(page, customer, 'Oi, tem bolo de pote?');
  await chat.page().close();

  // The customer's consent, on the contact panel.
  await recordConsent(page, customer.name);

  await page.goto('/campanhas');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('1 de 1');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Nome da campanha (só você vê)').fill('Bolo de pote');
  await page.getByLabel('Quer ajuda da IA? Diga o objetivo').fill('bolo de pote de ninho voltou');
  await page.getByRole('button', { name: 'Sugerir com IA' }).click();
  await expect(page.getByLabel('Mensagem', { exact: true })).not.toHaveValue('');
  await page
    .getByLabel('Mensagem', { exact: true })
    .fill('Oi {nome}! O bolo de pote de ninho voltou. Quer reservar o seu?');
  await page.getByLabel('Rodapé (opcional)').fill('Doces da Ana');
  // Not before Meta approves.
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Enviar para aprovação da Meta' }).click();
  const status = page.getByTestId('template-status');
  await expect(status).toContainText('Em análise pela Meta');
  await shootBothWidths(page, 'campaigns-template-pending');
  await expectNoSeriousA11yViolations(page);

  // Meta approves (the simulator's stand-in plays the review: a signed message_template_status_update webhook).
  const sim = (await (await page.request.get('/simulator/ui-api/cloud/numbers')).json()) as {
    phoneNumberId: string;
    display: string;
  }[];
  const phoneNumberId = sim.find(
    (n) => number.phone.endsWith(n.display) || n.display.endsWith(number.phone),
  )?.phoneNumberId;
  expect(phoneNumberId).toBeTruthy();
  const submitted = (await (
    await page.request.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates`)
  ).json()) as { id: string; body: string }[];
  expect(submitted.at(-1)!.body).toBe('Oi {{1}}! O bolo de pote de ninho voltou. Quer reservar o seu?');
  const decided = await page.request.post(
    `/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates/${submitted.at(-1)!.id}`,
    { data: { event: 'APPROVED' } },
  );
  expect(decided.status(), await decided.text()).toBe(200);
  await expect(status).toContainText('Aprovado', { timeout: 20_000 });
  await shootBothWidths(page, 'campaigns-template-approved');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('campaign-cost')).toContainText('R$');
  await shootBothWidths(page, 'campaigns-cloud-summary');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();

  // The customer gets the template with their first name; the card shows the template approved.
  await expect
    .poll(
      async () => {
        const messages = (await (
          await page.request.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)
        ).json()) as { fromMe: boolean; text: string; template: { category: string } | null }[];
        return messages.filter((m) => m.fromMe && m.template).map((m) => m.text);
      },
      { timeout: 60_000 },
    )
    .toContain('Oi Marina! O bolo de pote de ninho voltou. Quer reservar o seu?');
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Bolo de pote' });
  await expect(card.getByTestId('campaign-Enviadas')).toHaveText('1 de 1', { timeout: 30_000 });
  await expect(card.getByTestId('campaign-template')).toContainText('Aprovado');
  await shootBothWidths(page, 'campaigns-cloud-results');
  await expectNoSeriousA11yViolations(page);

  // Imported contacts who never wrote get the template too (decision 078); while it sends, Meta flags the
  // number's quality (the stand-in's signed phone_number_quality_update): the campaign pauses by itself and
  // says why; once Meta lifts the flag the owner presses 'Retomar' and it goes on.
  const csv = Array.from(
    { length: 20 },
    (_, i) => `Cliente ${i};55219${customer.phone.slice(-4)}${String(i).padStart(4, '0')}`,
  );
  const imported = await page.request.post('/api/campaigns/consent/import', {
    data: { csv: csv.join('\n'), declaration: true },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const first = (
    (await (await page.request.get('/api/campaigns')).json()) as {
      items: { numberId: string; text: string; template: { name: string } }[];
    }
  ).items[0]!;
  const second = await page.request.post('/api/campaigns', {
    data: {
      name: 'Clientes importados',
      numberId: first.numberId,
      audience: {},
      text: first.text,
      template: { name: first.template.name, language: 'pt_BR' },
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  await page.reload();
  const imports = page.getByTestId('campaign-card').filter({ hasText: 'Clientes importados' });
  await expect(imports.getByTestId('campaign-Enviadas')).not.toHaveText(/^0 de/, { timeout: 30_000 });
  const flagged = await page.request.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/quality`, {
    data: { event: 'FLAGGED' },
  });
  expect(flagged.status(), await flagged.text()).toBe(200);
  await expect(imports.getByTestId('campaign-status')).toHaveText('Pausada', { timeout: 20_000 });
  await expect(imports.getByTestId('campaign-paused-reason')).toContainText(
    'a Meta sinalizou a qualidade do número como baixa',
  );
  await expect(imports.getByRole('button', { name: 'Retomar' })).toBeVisible();
  await shootBothWidths(page, 'campaigns-paused-quality');
  await expectNoSeriousA11yViolations(page);
  const unflagged = await page.request.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/quality`, {
    data: { event: 'UNFLAGGED' },
  });
  expect(unflagged.status(), await unflagged.text()).toBe(200);
  const sentBefore = await imports.getByTestId('campaign-Enviadas').textContent();
  // The rating the webhook recorded is green again before the next send reads it.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/numbers');
      return JSON.stringify(await res.json());
    })
    .toContain('"quality_rating":"GREEN"');
  await imports.getByRole('button', { name: 'Retomar' }).click();
  await expect(imports.getByTestId('campaign-status')).toHaveText(/Enviando|Concluída/, { timeout: 20_000 });
  await expect(imports.getByTestId('campaign-Enviadas')).not.toHaveText(sentBefore!, { timeout: 30_000 });
  await expect(imports.getByTestId('campaign-paused-reason')).toHaveCount(0);
});
