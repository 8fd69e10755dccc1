import { expect, expectNoSeriousA11yViolations, shootBothWidths, signedIn, test } from './support/fixtures';
import { connectNumber, LOJA_SOL_ANSWERS, startCustomerChat, trainAgentThroughApi } from './support/live-number';

/**
 * Reminders (docs/decisions/073-booking-reminders.md) in the browser, with the simulator and the demo AI. The
 * owner sets the reminders in Agenda → 'Lembretes' to one, a week before (the time control: any appointment of
 * the next seven days is inside its window, so it goes at once — the way a person tries it too — and it is the
 * only one, whatever the hour). A customer books in the simulator, gets the reminder ending 'Responda 1 para
 * confirmar…', answers '1' and is thanked; the owner sees 'Confirmado pelo cliente' on the booking. The
 * customer then asks to reschedule, the AI offers times and moves the booking, a fresh reminder arrives, and
 * the owner sees the booking at its new time with the earlier reminder's answer. 1280 and 390 px, axe.
 */
const CUSTOMER = { name: 'Carla Dias', phone: '5511970001234' };

test('um cliente agenda, recebe o lembrete, confirma, remarca, e o dono vê tudo na agenda', async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page);
  await trainAgentThroughApi(page, 'Luna', LOJA_SOL_ANSWERS);
  // Open every hour of every day: the journey books the first free time whenever it runs.
  const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
  const hours = await page.request.put('/api/settings/business', {
    data: { timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const setup = await page.request.post('/api/agenda/quick-setup', {
    data: {
      professionalName: 'Dra. Helena',
      service: { name: 'Limpeza', durationMinutes: 60, priceCents: 15000, minNoticeMinutes: 60 },
    },
  });
  expect(setup.status(), await setup.text()).toBe(200);

  // The owner's reminders: a week and two hours before; a bad value is refused in Portuguese.
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Lembretes' }).click();
  const settings = page.getByRole('dialog', { name: 'Lembretes' });
  await expect(settings.getByLabel('1º lembrete (horas antes)')).toHaveValue('24');
  await expect(settings.getByLabel('2º lembrete (horas antes)')).toHaveValue('2');
  await settings.getByLabel('1º lembrete (horas antes)').fill('500');
  await settings.getByRole('button', { name: 'Salvar lembretes' }).click();
  await expect(settings.getByText('Escolha de 1 a 168 horas antes (até 7 dias).')).toBeVisible();
  await settings.getByLabel('1º lembrete (horas antes)').fill('168');
  // One reminder only: with a second one at 2 h, a booking made about 2 h ahead (the first free time late in
  // the evening) would get it a minute after the first, and the count below would depend on the hour.
  await settings.getByLabel('2º lembrete (horas antes)').fill('');
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'booking-reminders-settings');
  await settings.getByRole('button', { name: 'Salvar lembretes' }).click();
  await expect(settings).toBeHidden();

  // The customer books in the simulator with the AI.
  const { instance } = await connectNumber(page, 'Clínica Sol');
  const phone = await page.context().newPage();
  const say = await startCustomerChat(phone, instance, CUSTOMER);
  const thread = phone.getByRole('region', { name: 'Conversa' });
  const fromBusiness = thread.locator('[data-from="business"]');
  await say('Oi, quero marcar uma limpeza');
  await expect(fromBusiness.filter({ hasText: 'Para Limpeza, tenho estes horários' })).toBeVisible({ timeout: 30_000 });
  await say('o primeiro');
  await expect(fromBusiness.filter({ hasText: 'Posso confirmar Limpeza' })).toBeVisible({ timeout: 30_000 });
  await say('sim');
  await expect(fromBusiness.filter({ hasText: 'Ficou agendado' })).toBeVisible({ timeout: 30_000 });

  // The reminder arrives at once (its moment has passed), ending with the numbered answers.
  const reminders = fromBusiness.filter({ hasText: 'Lembrete do seu horário: Limpeza' });
  await expect(reminders).toHaveCount(1, { timeout: 90_000 });
  await expect(reminders.first()).toContainText('Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.');
  await say('1');
  await expect(fromBusiness.filter({ hasText: 'Obrigado! Seu horário está confirmado. Até lá!' })).toBeVisible({
    timeout: 30_000,
  });
  await shootBothWidths(phone, 'booking-reminders-customer');

  // The owner sees it on the booking.
  const booking = await (await page.request.get('/api/agenda/calendar?' + range())).json();
  const first = (booking as { bookings: { customerName: string; startsAt: string; status: string }[] }).bookings.find(
    (b) => b.customerName === CUSTOMER.name,
  )!;
  expect(first.status).toBe('confirmed');
  await page.goto('/agenda');
  const chip = page.getByRole('button', { name: new RegExp(`^${CUSTOMER.name}, `) });
  await showWeekOf(page, chip);
  await expect(chip).toHaveAccessibleName(/: Confirmado$/);
  await chip.click();
  const details = page.getByRole('dialog', { name: CUSTOMER.name });
  await expect(details.getByText('Confirmado pelo cliente').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'booking-reminders-confirmed');
  await page.keyboard.press('Escape');

  // The customer reschedules with the AI; the moved booking gets a fresh reminder.
  await say('quero remarcar');
  await expect(fromBusiness.filter({ hasText: 'Para remarcar Limpeza, tenho estes horários' })).toBeVisible({
    timeout: 30_000,
  });
  await say('o segundo');
  await expect(fromBusiness.filter({ hasText: 'Posso remarcar Limpeza para' })).toBeVisible({ timeout: 30_000 });
  await say('sim');
  await expect(fromBusiness.filter({ hasText: 'seu horário foi remarcado para' })).toBeVisible({ timeout: 30_000 });
  await expect(reminders).toHaveCount(2, { timeout: 90_000 });

  // The owner sees the booking at its new time, the earlier reminder's answer and the new reminder.
  const after = (
    (await (await page.request.get('/api/agenda/calendar?' + range())).json()) as {
      bookings: { customerName: string; startsAt: string }[];
    }
  ).bookings.find((b) => b.customerName === CUSTOMER.name)!;
  expect(after.startsAt).not.toBe(first.startsAt);
  await page.goto('/agenda');
  await showWeekOf(page, chip);
  await chip.click();
  await expect(details.getByText('(horário anterior)')).toBeVisible();
  await expect(details.getByText(/Confirmado pelo cliente/)).toBeVisible();
  await expect(details.getByText(/enviado/)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'booking-reminders-moved');
});

/** The next eight days, where the journey's bookings are. */
function range() {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString();
  return new URLSearchParams({ from, to }).toString();
}

/** The week shown holds the booking: this one or the next. */
async function showWeekOf(page: import('@playwright/test').Page, chip: import('@playwright/test').Locator) {
  await expect(page.getByTestId('agenda-grid')).toBeVisible();
  // The week's bookings load after the grid: wait for them before looking at the next week.
  const here = await chip
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!here) await page.getByRole('button', { name: 'Próxima semana' }).click();
  await expect(chip).toBeVisible();
}
