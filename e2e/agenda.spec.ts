import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, shootBothWidths, signedIn, test } from './support/fixtures';

/**
 * 'Agenda' (docs/decisions/069-agenda.md) in the browser: found in the menu, set up in well under a minute
 * (the owner as the one professional on the business hours, a first service), a booking made by tapping an
 * empty hour of next week, moved by dragging it with the mouse and again with the 'Remarcar' form (the
 * keyboard's way), a lunch block, a booking cancelled (its hour free again) and one marked 'Não compareceu'
 * in one tap. At 390 px the day view, a tap books. Screenshots at 1280 and 390 px, axe.
 */

const cell = (page: Page, weekday: string, time: string) =>
  page.getByRole('button', { name: new RegExp(`^Agendar ${weekday}, \\d\\d/\\d\\d às ${time}$`) });
const chip = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}, `) });

/** Drags a booking with the real mouse so that its top edge lands on the target cell. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 10, a.y + 6);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y + 14, { steps: 4 });
  await page.mouse.move(b.x + 10, b.y + 8, { steps: 12 });
  await page.mouse.up();
}

async function book(page: Page, weekday: string, time: string, customer: string) {
  await cell(page, weekday, time).click();
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await dialog.getByLabel('Cliente', { exact: true }).fill(customer);
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialog).toBeHidden();
  await expect(chip(page, customer)).toBeVisible();
}

test('configurar a agenda em um minuto, agendar, remarcar arrastando e pelo formulário, bloquear, faltou', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await page.goto('/dashboard');
  const started = Date.now();
  await page.getByRole('link', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByRole('heading', { name: 'Configure sua agenda em um minuto' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-setup');

  // A name is required; what was typed stays.
  await page.getByLabel('Quem atende').fill('');
  await page.getByLabel('Serviço', { exact: true }).fill('Consulta');
  await page.getByRole('button', { name: 'Começar a agendar' }).click();
  await expect(page.getByText('Dê um nome ao profissional (até 60 caracteres).')).toBeVisible();
  await expect(page.getByLabel('Serviço', { exact: true })).toHaveValue('Consulta');
  await page.getByLabel('Quem atende').fill('Dra. Helena');
  await page.getByLabel('Duração').selectOption({ label: '30 min' });
  await page.getByLabel('Preço (R$)').fill('180,00');
  await page.getByRole('button', { name: 'Começar a agendar' }).click();
  await expect(page.getByTestId('agenda-grid')).toBeVisible();
  expect(Date.now() - started, 'a configuração leva menos de um minuto').toBeLessThan(60_000);

  // Next week: a tap on Monday 10:00 books there.
  await page.getByRole('button', { name: 'Próxima semana' }).click();
  await book(page, 'segunda', '10:00', 'Joana Prado');
  await expect(chip(page, 'Joana Prado')).toHaveAccessibleName(/Consulta, Seg \d\d 10:00: Agendado$/);

  // Dragged with the mouse to Tuesday 14:00 (both in the middle of the window, away from the edges that scroll).
  await cell(page, 'terça', '12:00').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await drag(page, chip(page, 'Joana Prado'), cell(page, 'terça', '14:00'));
  await expect(chip(page, 'Joana Prado')).toHaveAccessibleName(/Ter \d\d 14:00: Agendado$/);

  // The keyboard's way: the booking's 'Remarcar' form, to 15:30.
  await chip(page, 'Joana Prado').click();
  const details = page.getByRole('dialog', { name: 'Joana Prado' });
  await expect(details.getByText('Consulta · R$ 180,00')).toBeVisible();
  await details.getByLabel('Horário').fill('15:30');
  await details.getByRole('button', { name: 'Remarcar' }).click();
  await expect(details).toBeHidden();
  await expect(chip(page, 'Joana Prado')).toHaveAccessibleName(/Ter \d\d 15:30: Agendado$/);

  // Another booking over the same time is refused in Portuguese.
  await cell(page, 'terça', '15:30').dispatchEvent('click');
  const again = page.getByRole('dialog', { name: 'Novo agendamento' });
  await again.getByLabel('Cliente', { exact: true }).fill('Outro Cliente');
  await again.getByRole('button', { name: 'Agendar' }).click();
  await expect(
    again.getByText('Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.'),
  ).toBeVisible();
  await expect(again.getByLabel('Cliente', { exact: true })).toHaveValue('Outro Cliente');
  await again.getByLabel('Horário').fill('17:00');
  await again.getByRole('button', { name: 'Agendar' }).click();
  await expect(again).toBeHidden();

  // Cancelled: gone from the grid.
  await chip(page, 'Outro Cliente').click();
  await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
  await expect(chip(page, 'Outro Cliente')).toHaveCount(0);

  // Lunch blocked on the shown week's first day.
  await page.getByRole('button', { name: 'Bloquear horário' }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Bloquear horário' });
  await expect(blockDialog.getByLabel('Motivo')).toHaveValue('Almoço');
  await blockDialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(blockDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Bloqueado: Almoço' })).toBeVisible();

  // The private calendar link, to subscribe on a phone.
  await page.getByRole('button', { name: 'Calendário no celular' }).click();
  const feed = page.getByRole('dialog', { name: 'Calendário no celular' });
  await feed.getByRole('button', { name: 'Gerar link' }).click();
  await expect(feed.getByLabel('Link do calendário de Dra. Helena')).toHaveValue(/\/api\/agenda\/feed\/[\w-]+\.ics$/);
  const link = await feed.getByLabel('Link do calendário de Dra. Helena').inputValue();
  const ics = await page.request.get(new URL(link).pathname);
  expect(await ics.text()).toContain('SUMMARY:Consulta: Joana Prado');
  await page.keyboard.press('Escape');

  // One tap: 'Não compareceu'.
  await chip(page, 'Joana Prado').click();
  await page.getByRole('dialog', { name: 'Joana Prado' }).getByRole('button', { name: 'Não compareceu' }).click();
  await expect(chip(page, 'Joana Prado')).toHaveAccessibleName(/: Não compareceu$/);

  // The toasts stacked so far fade (a half transparent one would fail the contrast check).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-week');

  // A phone: the day view, a tap on an hour books.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Dia', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Próximo dia' })).toBeVisible();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await page.getByRole('button', { name: /^Agendar .* às 11:00$/ }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await phoneDialog.getByLabel('Cliente', { exact: true }).fill('Paulo Reis');
  await phoneDialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(chip(page, 'Paulo Reis')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-day');
});

/** Local 'HH:MM' starts offered on a whole Monday ahead (São Paulo), from GET /api/agenda/slots. */
const mondaySlots = (page: Page, serviceId: string) => daySlots(page, serviceId, 'Mon');

/**
 * Local 'HH:MM' starts offered on the first such weekday ('Mon', 'Wed'…, São Paulo) after the day of `from`
 * (tomorrow at this hour): a whole day whatever the hour. `from`'s own day is offered from that hour only (on
 * a Sunday afternoon, Monday's slots would start in the afternoon); the next seven days are whole.
 */
async function daySlots(page: Page, serviceId: string, weekday: string) {
  const from = new Date(Date.now() + 86_400_000);
  const to = new Date(from.getTime() + 8 * 86_400_000);
  const q = new URLSearchParams({ serviceId, from: from.toISOString(), to: to.toISOString() });
  const res = await page.request.get(`/api/agenda/slots?${q}`);
  expect(res.status()).toBe(200);
  const local = (iso: string, o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', ...o }).format(new Date(iso));
  const fromDay = local(from.toISOString(), { day: '2-digit' });
  const days = ((await res.json()) as { items: { startsAt: string }[] }).items.filter(
    (s) => local(s.startsAt, { weekday: 'short' }) === weekday && local(s.startsAt, { day: '2-digit' }) !== fromDay,
  );
  const day = local(days[0]!.startsAt, { day: '2-digit' });
  return days
    .filter((s) => local(s.startsAt, { day: '2-digit' }) === day)
    .map((s) => local(s.startsAt, { hour: '2-digit', minute: '2-digit' }));
}

test('o dono muda o horário de um profissional e põe uma pausa: o horário da pausa deixa de ser oferecido', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedIn(page);
  const created = await page.request.post('/api/agenda/quick-setup', {
    data: { professionalName: 'Dra. Helena', service: { name: 'Consulta', durationMinutes: 60 } },
  });
  expect(created.status()).toBe(200);
  const serviceId = ((await created.json()) as { services: { id: string }[] }).services[0]!.id;
  expect(await mondaySlots(page, serviceId)).toEqual(expect.arrayContaining(['08:00', '12:00', '12:30']));

  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Profissionais' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profissionais' });
  await expect(dialog.getByText('Horário do negócio', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Editar Dra. Helena' }).click();
  await dialog.getByLabel('Usar o horário do negócio').uncheck();
  await expect(dialog.getByLabel('Segunda: início')).toHaveValue('08:00');
  await dialog.getByLabel('Segunda: início').fill('09:00');
  await dialog.getByLabel('Segunda: fim').fill('09:00');
  await dialog.getByRole('button', { name: 'Adicionar pausa' }).click();
  await expect(dialog.getByLabel('Pausa 1: início')).toHaveValue('12:00');

  // Bad input: the API's message at the day, what was typed stays.
  await dialog.getByRole('button', { name: 'Salvar profissional' }).click();
  await expect(dialog.getByText('O horário de abertura e o de fechamento não podem ser iguais.')).toBeVisible();
  await expect(dialog.getByLabel('Segunda: início')).toHaveValue('09:00');
  await expect(dialog.getByLabel('Pausa 1: fim')).toHaveValue('13:00');
  await dialog.getByLabel('Segunda: fim').fill('17:00');
  // A second break on Mondays only: shown under Monday, not under Wednesday.
  await dialog.getByRole('button', { name: 'Adicionar pausa' }).click();
  await dialog.getByLabel('Pausa 2: início').fill('15:00');
  await dialog.getByLabel('Pausa 2: fim').fill('15:30');
  for (const day of ['Domingo', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'])
    await dialog.getByRole('button', { name: `Pausa 2: ${day}` }).click();
  await expect(dialog.getByRole('button', { name: 'Pausa 2: Segunda' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: 'Pausa 2: Quarta' })).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByText('Pausa 12:00–13:00, 15:00–15:30')).toHaveCount(1);
  await expect(dialog.getByText('Pausa 12:00–13:00', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-professional-edit');
  await dialog.getByRole('button', { name: 'Salvar profissional' }).click();
  await expect(dialog.getByText('Horário próprio · pausa 12:00–13:00, pausa 15:00–15:30 (Seg)')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Novo profissional' })).toBeVisible();

  const monday = await mondaySlots(page, serviceId);
  expect(monday).toContain('09:00');
  expect(monday).toContain('13:00');
  expect(monday).not.toContain('08:00');
  expect(monday).not.toContain('12:00');
  expect(monday).not.toContain('11:30');
  expect(monday).not.toContain('16:30');
  // The Monday break is Monday's alone.
  expect(monday).not.toContain('14:30');
  expect(monday).not.toContain('15:00');
  expect(monday).toContain('15:30');
  const wednesday = await daySlots(page, serviceId, 'Wed');
  expect(wednesday).toEqual(expect.arrayContaining(['14:30', '15:00']));
  expect(wednesday).not.toContain('12:00');

  // A second professional, added and deactivated; Dra. Helena, with a booking ahead, cannot be.
  await dialog.getByLabel('Nome').fill('Sala 2');
  await dialog.getByRole('button', { name: 'Adicionar profissional' }).click();
  await expect(dialog.getByRole('button', { name: 'Editar Sala 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Desativar Sala 2' }).click();
  await expect(dialog.getByRole('button', { name: 'Reativar Sala 2' })).toBeVisible();
  const booked = await page.request.post('/api/agenda/bookings', {
    data: { serviceId, startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), customerName: 'Joana' },
  });
  expect(booked.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Desativar Dra. Helena' }).click();
  await expect(dialog.getByText('Esse profissional tem agendamentos futuros.', { exact: false })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await shootBothWidths(page, 'agenda-professionals');
});
