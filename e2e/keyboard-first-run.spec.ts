import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, newPerson, test } from './support/fixtures';

/**
 * The first run with the keyboard alone, as an owner who uses no mouse would do it: a new owner signs
 * up, starts the training from the welcome page, answers every question, names the agent, takes the
 * finished screen's next step ('Conectar WhatsApp') and opens the connection dialog — each control reached
 * with Tab (or Shift+Tab) and used with Enter, Space or typing; no click anywhere. Each page passes axe.
 */
test.describe.configure({ timeout: 300_000 });

/** Whether `target` has the keyboard focus. */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Moves the focus with Tab until `target` has it, as a keyboard user would; fails if Tab never gets there. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tab to a field and type into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tab to a button or link and press Enter. */
async function press(page: Page, control: Locator): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

test('a new owner signs up, trains the AI and reaches the WhatsApp connection with the keyboard alone', async ({
  page,
}) => {
  const person = newPerson();
  await page.goto('/register');
  await typeInto(page, page.getByLabel('Nome completo'), person.name);
  await typeInto(page, page.getByLabel('E-mail'), person.email);
  await typeInto(page, page.getByLabel('Telefone (WhatsApp)'), person.phoneDigits);
  await typeInto(page, page.getByLabel('Senha', { exact: true }), person.password);
  await typeInto(page, page.getByLabel('Confirmar senha'), person.password);
  await press(page, page.getByRole('button', { name: 'Criar conta' }));
  await expect(page).toHaveURL(/\/onboarding\/welcome$/, { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  await press(page, page.getByRole('link', { name: 'Começar agora' }));
  await expect(page).toHaveURL(/\/onboarding\/train-ai$/);
  for (let i = 0; i < KEY_QUESTIONS.length; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de 7`)).toBeVisible();
    await typeInto(page, page.getByLabel(KEY_QUESTIONS[i]!.pergunta), `Resposta ${i + 1}: bolos artesanais em BH.`);
    if (i === 0) await expectNoSeriousA11yViolations(page);
    await press(page, page.getByRole('button', { name: i === 6 ? 'Continuar' : 'Próxima' }));
  }
  await expect(page.getByText('Perguntas de refinamento')).toBeVisible({ timeout: 60_000 });
  const total = Number((await page.getByText(/^Pergunta 1 de \d$/).textContent())!.match(/de (\d)/)![1]);
  for (let i = 0; i < total; i++) {
    await expect(page.getByText(`Pergunta ${i + 1} de ${total}`)).toBeVisible();
    await typeInto(page, page.getByRole('textbox').first(), `Refinamento ${i + 1}: 3 dias de antecedência.`);
    await press(page, page.getByRole('button', { name: i === total - 1 ? 'Continuar' : 'Próxima' }));
  }
  await typeInto(page, page.getByLabel('Nome do agente'), 'Luna');
  await press(page, page.getByRole('button', { name: 'Concluir treinamento' }));
  await expect(page.getByRole('heading', { name: 'Seu agente está pronto!' })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page);

  // No number yet: the next step is the big button.
  await press(page, page.getByRole('link', { name: 'Conectar WhatsApp' }));
  await expect(page).toHaveURL(/\/instances-management$/);
  await press(page, page.getByRole('button', { name: 'Conectar WhatsApp' }).first());
  // Space works on a button as Enter does.
  const qr = page.getByRole('button', { name: 'Conectar pelo QR Code' });
  await tabTo(page, qr);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('Número do WhatsApp'), newPerson().phoneDigits);
  await typeInto(page, dialog.getByLabel('Apelido da instância'), 'Loja Centro');
  await press(page, dialog.getByRole('button', { name: 'Conectar', exact: true }));
  await expect(page).toHaveURL(/\/onboarding\/connect-whatsapp$/, { timeout: 30_000 });
  await expect(page.getByText('Sem celular? Use o simulador')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
