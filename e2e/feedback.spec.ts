import { FEEDBACK_DUPLICATE_MESSAGE, FEEDBACK_REQUIRED_MESSAGE } from '@vendai/contracts';
import {
  expect,
  expectNoSeriousA11yViolations,
  latestMailTo,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';

/** "Ajude A Melhorar" and the MVP page (docs/decisions/013-first-run-auto-link.md), as a new user. The harness mails support at its default address. */

test('o link de bug da página MVP abre o formulário com Bug marcado; enviar mostra o agradecimento e volta ao painel em 3 s', async ({
  page,
}) => {
  const person = await signedIn(page);
  await page.goto('/mvp');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shootBothWidths(page, 'mvp');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: /Reportar um bug/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/feedback\?type=bug$/);

  await expect(page.getByRole('radio', { name: /^Bug/ })).toBeChecked();
  await expect(page.getByLabel('E-mail para resposta (opcional)')).toHaveValue(person.email);
  await expect(page.getByText('0/1000', { exact: true })).toBeVisible();
  await shootBothWidths(page, 'feedback');
  await expectNoSeriousA11yViolations(page);

  // A blank message is refused with the spec's message, and nothing is sent.
  await page.getByLabel('Sua mensagem').fill('    ');
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('alert').filter({ hasText: FEEDBACK_REQUIRED_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/feedback/);

  const text = `O botão de enviar some no celular (${person.email}).`;
  await page.getByLabel('Sua mensagem').fill(text);
  await expect(page.getByText(`${text.length}/1000`)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Obrigado pelo seu feedback!' })).toBeVisible();
  await shootBothWidths(page, 'feedback-thanks');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });

  const mail = await latestMailTo('suporte@vendai.local');
  expect(mail.text).toContain(text);
});

test('sem tipo escolhido o envio é recusado; a mesma mensagem enviada de novo em seguida é recusada como duplicada', async ({
  page,
  context,
}) => {
  await signedIn(page);
  const fill = async (p: typeof page) => {
    await p.goto('/dashboard/feedback');
    await p.getByLabel('Sua mensagem').fill('Seria ótimo exportar as conversas.');
  };
  await fill(page);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('alert').filter({ hasText: FEEDBACK_REQUIRED_MESSAGE })).toBeVisible();

  // The same words ready in a second tab (a double send).
  const second = await context.newPage();
  await fill(second);
  await second.getByText('Nova funcionalidade', { exact: true }).click();

  await page.getByText('Nova funcionalidade', { exact: true }).click();
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Obrigado pelo seu feedback!' })).toBeVisible();

  await second.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(second.getByRole('alert').filter({ hasText: FEEDBACK_DUPLICATE_MESSAGE })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Obrigado pelo seu feedback!' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });
});
