import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  screenshotOnDemand,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import { connectNumber, LOJA_SOL_ANSWERS, trainAgentThroughApi } from './support/live-number';

/**
 * Follow-ups (docs/decisions/037-follow-ups.md) with the simulator and the demo AI: the owner switches
 * 'Acompanhamento' on; a customer asks a price and goes quiet; the inbox shows the next follow-up's
 * time; the clock moves (the harness ages the number's conversation); one follow-up arrives on the
 * customer's phone; the customer replies: the ladder stops. 'Agendar' schedules a message shown in
 * the chat with 'Cancelar'.
 */

const CUSTOMER = { name: 'Bruna Lima', phone: '5511966660000' };

async function moveClock(instance: string, minutes: number) {
  const res = await fetch(`${CONTROL_URL}/age-follow-ups`, {
    method: 'POST',
    body: JSON.stringify({ instance, minutes }),
  });
  expect(res.status).toBe(200);
}

test('a quiet customer gets one follow-up, and none after replying', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, newPerson());
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);
  // Touches go only within business hours, and the default week is closed at night and on Sundays
  // (docs/decisions/046-one-door-out.md): this shop opens every hour, so the journey runs any day.
  const hours = await page.request.put('/api/settings/business', {
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    data: { timeZone: 'America/Sao_Paulo', hours: Array(7).fill({ from: '00:00', to: '23:59' }) },
  });
  expect(hours.ok(), await hours.text()).toBe(true);
  const { instance } = await connectNumber(page, 'Loja Sol');
  const phone = await page.context().newPage();

  // 'Acompanhamento' in the agent's settings: off by default, switched on (2 h, 1 dia, 3 dias).
  // The agent's page opens on 'Como a IA fala'; follow-ups are in 'Como a IA age' (decision 065).
  await page.goto('/ia-management');
  await page.getByRole('tab', { name: 'Como a IA age' }).click();
  const settings = page.getByTestId('follow-up-settings');
  const toggle = settings.getByRole('switch', { name: 'Acompanhamento' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(settings.getByLabel('1ª mensagem depois de')).toHaveValue('120');
  await expect(page.getByText('Acompanhamento ligado.')).toHaveCount(0, { timeout: 15_000 });
  await shootBothWidths(page, 'follow-ups-settings');
  await screenshotOnDemand(settings, 'test-results/screens/follow-ups-settings-card-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotOnDemand(settings, 'test-results/screens/follow-ups-settings-card-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);

  // The playground previews the touch the agent would write for this test customer.
  await page.goto('/playground');
  await page.getByPlaceholder('Digite uma mensagem').fill('Quanto custa o maiô preto?');
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByTestId('playground-ai').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Ver acompanhamento' }).click();
  await expect(page.getByTestId('follow-up-preview')).toContainText('maiô preto');
  await shootBothWidths(page, 'follow-ups-playground-preview');
  await page.keyboard.press('Escape');

  // The customer asks a price; the AI answers; the customer goes quiet.
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByLabel('Mensagem do cliente').fill('Quanto custa o biquíni?');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  const thread = phone.getByRole('region', { name: 'Conversa' });
  const fromBusiness = thread.locator('[data-from="business"]');
  await expect(fromBusiness).toHaveCount(1, { timeout: 30_000 });

  // The inbox shows when the next follow-up goes, with 'Cancelar'.
  await page.goto('/dashboard');
  await page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name }).click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const strip = chat.getByTestId('follow-up-strip');
  await expect(strip).toContainText('Acompanhamento da IA', { timeout: 20_000 });
  await expect(strip.getByRole('button', { name: 'Cancelar' })).toBeVisible();

  // 'Agendar': a message for tomorrow, shown until it goes; cancelled by the owner.
  await chat.getByRole('button', { name: 'Agendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
  await dialog.getByLabel('Mensagem').fill('Bruna, chegaram biquínis novos!');
  // Tomorrow at this time, in the browser's own zone.
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 24 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await dialog.getByLabel('Enviar em').fill(tomorrow);
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(strip).toContainText('Bruna, chegaram biquínis novos!');
  await expect(page.getByText('Mensagem agendada.')).toHaveCount(0, { timeout: 15_000 });
  await shootBothWidths(page, 'follow-ups-inbox');
  await expectNoSeriousA11yViolations(page);
  await strip
    .getByRole('listitem')
    .filter({ hasText: 'chegaram biquínis' })
    .getByRole('button', { name: 'Cancelar' })
    .click();
  await expect(strip).not.toContainText('chegaram biquínis');

  // The clock moves past the 2 h gap: one follow-up reaches the customer, about what they asked.
  await moveClock(instance, 125);
  await expect(fromBusiness).toHaveCount(2, { timeout: 20_000 });
  await expect(fromBusiness.nth(1)).toContainText('biquíni');
  await expect(chat.locator('[data-testid="message"][data-author="ai"]')).toHaveCount(2);

  // The customer replies: the AI answers, and the ladder of the quiet spell is over.
  await phone.getByLabel('Mensagem do cliente').fill('Quero sim, tem tamanho M?');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  await expect(fromBusiness).toHaveCount(3, { timeout: 30_000 });
  await moveClock(instance, 60);
  await expect(strip).toContainText('Acompanhamento da IA', { timeout: 20_000 });
  // An hour later than the reply no touch is due (the next one would be 2 h after the AI's new answer).
  await expect(fromBusiness).toHaveCount(3);
  const followUps = (await (
    await page.request.get(`/api/conversations/${new URL(page.url()).searchParams.get('conversa') ?? ''}/follow-ups`)
  ).json()) as { recent: { kind: string; state: string }[] };
  expect(followUps.recent.filter((f) => f.kind === 'touch' && f.state === 'sent')).toHaveLength(1);
});
