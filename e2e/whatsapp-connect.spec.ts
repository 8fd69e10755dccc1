import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, newPerson, signedIn, shootBothWidths, test } from './support/fixtures';
import { simApi } from './support/simulator-api';
import { connectNumberThroughSimulator } from './support/live-number';

/**
 * Connecting a WhatsApp number as a new user would (docs/decisions/007-number-connection.md): the phone dialog, the connect screen
 * with its QR and countdown, the built-in simulator's page playing the phone in a second tab, the
 * instances list, the timeout (on Playwright's clock, no 90 s wait), a number already in use, the
 * plan limit, disconnecting on the phone and reconnecting.
 */

interface ListedNumber {
  id: string;
  phone: string;
  instance_name: string;
  status: string;
}

async function myNumbers(page: Page): Promise<ListedNumber[]> {
  const res = await page.request.get('/api/numbers');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ListedNumber[];
}

/** '+ Novo WhatsApp' → phone dialog → 'Conectar'. */
async function addNumberThroughDialog(page: Page, phoneDigits: string, nickname: string) {
  await page.goto('/instances-management');
  await page.getByRole('button', { name: 'Novo WhatsApp' }).click();
  await page.getByRole('button', { name: 'Conectar pelo QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Número do WhatsApp').fill(phoneDigits);
  await dialog.getByLabel('Apelido da instância').fill(nickname);
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();
}

async function expectQrShown(page: Page) {
  await expect(page).toHaveURL(/\/onboarding\/connect-whatsapp$/);
  const qr = page.getByRole('img', { name: 'QR Code para conectar o WhatsApp' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

/** The person's phone scans the QR: the simulator page in a second tab, 'Escanear com o celular', 'Aprovar conexão'. */
async function approveInSimulator(page: Page, instanceName: string, phoneDigits: string) {
  const phone = await page.context().newPage();
  await phone.goto('/simulador?aba=conexoes');
  await expect(phone.getByRole('heading', { name: 'Simulador de WhatsApp' }).first()).toBeVisible();
  const card = phone.getByRole('article', { name: `Conexão ${instanceName}` });
  await card.getByRole('link', { name: 'Escanear com o celular' }).click();
  const field = phone.getByLabel('Número deste celular (DDI + DDD + número)');
  await expect(field).toBeVisible();
  if (!(await field.inputValue())) await field.fill(phoneDigits);
  await phone.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(phone.getByText('Celular conectado!')).toBeVisible();
  await phone.close();
}

async function disconnectInSimulator(page: Page, instanceName: string) {
  const phone = await page.context().newPage();
  await phone.goto('/simulador?aba=conexoes');
  const card = phone.getByRole('article', { name: `Conexão ${instanceName}` });
  await card.getByRole('button', { name: 'Desconectar' }).click();
  await expect(card.getByText('Desconectado', { exact: true })).toBeVisible();
  await phone.close();
}

async function signOut(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('novo usuário conecta um WhatsApp pelo QR, desconecta no celular, reconecta e exclui', async ({ page }) => {
  // A long journey on a shared machine: generous, the expectations keep their own timeouts.
  test.setTimeout(300_000);
  await signedIn(page);
  const whatsapp = newPerson().phoneDigits;
  const digits = `55${whatsapp}`;

  // Empty list with its next step.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Conectar WhatsApp' }).click();
  await expect(page).toHaveURL(/\/instances-management$/);
  await expect(page.getByRole('heading', { name: "WhatsApp's", level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhuma instância conectada')).toBeVisible();
  await shootBothWidths(page, 'whatsapp-instances-empty');
  await expectNoSeriousA11yViolations(page);

  // The phone dialog validates before anything is sent; nothing typed is lost.
  await page.getByRole('button', { name: 'Conectar WhatsApp' }).click();
  await page.getByRole('button', { name: 'Conectar pelo QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await expect(dialog.getByLabel('Número do WhatsApp')).toHaveValue('+55');
  await dialog.getByLabel('Número do WhatsApp').fill('1198');
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(dialog.getByText('Por favor, insira um número de telefone válido')).toBeVisible();
  await expect(dialog.getByText('Por favor, insira um apelido para a instância')).toBeVisible();
  await shootBothWidths(page, 'whatsapp-phone-dialog-errors');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Apelido da instância').fill('x'.repeat(60));
  await expect(dialog.getByLabel('Apelido da instância')).toHaveValue('x'.repeat(50));
  await dialog.getByLabel('Apelido da instância').fill('   ');
  await dialog.getByLabel('Número do WhatsApp').fill(whatsapp);
  await expect(dialog.getByLabel('Número do WhatsApp')).toHaveValue(/^\+55 \d{2} \d{5} \d{4}$/);
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(dialog.getByText('Por favor, insira um apelido para a instância')).toBeVisible();
  await dialog.getByLabel('Apelido da instância').fill('Loja Centro');
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();

  // The connect screen: steps, QR, countdown from 01:30 in green, product description, back link.
  await expectQrShown(page);
  await expect(page.getByRole('heading', { name: 'Conecte seu WhatsApp', level: 1 })).toBeVisible();
  await expect(page.getByText('Loja Centro').first()).toBeVisible();
  for (const step of [
    'Abra o WhatsApp',
    'Entre em Aparelhos conectados',
    'Toque em Conectar um aparelho',
    'Aponte a câmera para o QR Code',
  ]) {
    await expect(page.getByRole('list', { name: 'Como conectar' }).getByText(step)).toBeVisible();
  }
  await expect(page.getByTestId('countdown')).toHaveText(/^01:(30|2\d)$/);
  await expect(page.getByRole('progressbar', { name: 'Tempo restante para escanear o QR Code' })).toHaveAttribute(
    'data-tone',
    'green',
  );
  await expect(page.getByRole('heading', { name: 'O que o VendAI faz com este número' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', '/dashboard');
  await shootBothWidths(page, 'whatsapp-connect-qr');
  await expectNoSeriousA11yViolations(page);

  const [number] = await myNumbers(page);
  expect(number).toMatchObject({ phone: digits, status: 'DESCONECTADO' });
  expect(number!.instance_name).toMatch(new RegExp(`^vendai${digits.slice(-4)}\\d{4}$`));

  // The phone scans it (simulator tab): the screen confirms, offers whom the AI answers (decision 015) and,
  // untouched, goes to the dashboard after 2 s (docs/product/limits.md).
  await approveInSimulator(page, number!.instance_name, digits);
  await expect(page.getByText('WhatsApp conectado!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.goto('/instances-management');
  const row = page.getByTestId('instance-row').filter({ hasText: 'Loja Centro' });
  await expect(row.getByText('CONECTADO', { exact: true })).toBeVisible();
  await expect(row.getByText('Sem IA')).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(row.getByRole('button', { name: /^Reconectar/ })).toHaveCount(0);
  await shootBothWidths(page, 'whatsapp-instances-connected');
  await expectNoSeriousA11yViolations(page);

  // The free plan has one number: '+ Novo WhatsApp' opens the limit dialog.
  await page.getByRole('button', { name: 'Novo WhatsApp' }).click();
  const limit = page.getByRole('dialog', { name: 'Limite do plano atingido' });
  await expect(limit).toContainText('limite de números de WhatsApp');
  await expect(limit.getByRole('button', { name: 'Ver Planos' })).toBeVisible();
  await shootBothWidths(page, 'whatsapp-limit-dialog');
  await limit.getByRole('button', { name: 'Voltar' }).click();
  await expect(limit).toBeHidden();

  // The phone unlinks the device: the list shows DESCONECTADO (live, no reload) and offers Reconectar.
  await disconnectInSimulator(page, number!.instance_name);
  await expect(row.getByText('DESCONECTADO', { exact: true })).toBeVisible();
  await shootBothWidths(page, 'whatsapp-instances-disconnected');

  await row.getByRole('button', { name: 'Reconectar Loja Centro' }).click();
  const reconnect = page.getByRole('dialog', { name: 'Reconectar WhatsApp' });
  await expect(reconnect.getByRole('img', { name: /Aparelhos conectados/ })).toBeVisible();
  await expect(reconnect.getByText('Toque em Conectar um aparelho')).toBeVisible();
  await shootBothWidths(page, 'whatsapp-reconnect-dialog');
  await expectNoSeriousA11yViolations(page);
  await reconnect.getByRole('button', { name: 'Gerar QR Code' }).click();

  await expectQrShown(page);
  await expect(page.getByRole('heading', { name: 'Reconecte seu WhatsApp', level: 1 })).toBeVisible();
  await approveInSimulator(page, number!.instance_name, digits);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await page.goto('/instances-management');
  await expect(row.getByText('CONECTADO', { exact: true })).toBeVisible();

  // Excluir asks first, then the number is gone (here and at the gateway).
  await row.getByRole('button', { name: 'Excluir Loja Centro' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir WhatsApp?' });
  await expect(confirm).toContainText('Loja Centro');
  await shootBothWidths(page, 'whatsapp-delete-dialog');
  await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText('Nenhuma instância conectada')).toBeVisible();
  expect(await myNumbers(page)).toEqual([]);
  expect((await simApi('GET', `/instance/connectionState/${number!.instance_name}`)).status).toBe(404);
});

test('o QR expira em 1:30 (relógio do Playwright): modal, número removido, e Tentar Novamente gera outro', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.clock.install();
  await signedIn(page);
  const whatsapp = newPerson().phoneDigits;

  await addNumberThroughDialog(page, whatsapp, 'Balcão');
  await expectQrShown(page);
  const bar = page.getByRole('progressbar', { name: 'Tempo restante para escanear o QR Code' });
  await expect(bar).toHaveAttribute('data-tone', 'green');
  const [first] = await myNumbers(page);
  expect(first).toBeDefined();

  // Green above 60 s, yellow above 30 s, red below.
  await page.clock.fastForward('00:31');
  await expect(bar).toHaveAttribute('data-tone', 'yellow');
  await expect(page.getByTestId('countdown')).toHaveText(/^00:[3-5]\d$/);
  await page.clock.fastForward('00:30');
  await expect(bar).toHaveAttribute('data-tone', 'red');
  await expect(page.getByTestId('countdown')).toHaveText(/^00:[0-2]\d$/);
  await page.clock.fastForward('00:30');

  const modal = page.getByRole('dialog', { name: 'Tempo para conexão expirado' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('1 minuto e 30 segundos');
  await expect(modal).toContainText('a instância foi removida');
  await expect(modal.getByRole('button', { name: 'Voltar ao Dashboard' })).toBeVisible();
  await shootBothWidths(page, 'whatsapp-timeout-modal');
  await expectNoSeriousA11yViolations(page);
  // Removed in the database and at the gateway.
  expect(await myNumbers(page)).toEqual([]);
  expect((await simApi('GET', `/instance/connectionState/${first!.instance_name}`)).status).toBe(404);

  // 'Tentar Novamente': the same phone and nickname, a new instance, a new QR and a fresh countdown.
  await modal.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(modal).toBeHidden();
  await expectQrShown(page);
  await expect(page.getByTestId('countdown')).toHaveText(/^01:(30|2\d)$/);
  const [second] = await myNumbers(page);
  expect(second).toMatchObject({ phone: first!.phone, status: 'DESCONECTADO' });
  expect(second!.id).not.toBe(first!.id);

  // Leaving the screen cancels its timers: no timeout and no redirect happen afterwards.
  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.fastForward('02:00');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await myNumbers(page)).toEqual([expect.objectContaining({ id: second!.id, status: 'DESCONECTADO' })]);

  // 'Voltar ao Dashboard' in the modal: after a timeout of a new try.
  await page.goto('/instances-management');
  await page.getByRole('button', { name: 'Excluir Balcão' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir WhatsApp?' })
    .getByRole('button', { name: 'Excluir', exact: true })
    .click();
  await expect(page.getByText('Nenhuma instância conectada')).toBeVisible();
  await addNumberThroughDialog(page, whatsapp, 'Balcão');
  await expectQrShown(page);
  await page.clock.fastForward('01:31');
  await page
    .getByRole('dialog', { name: 'Tempo para conexão expirado' })
    .getByRole('button', { name: 'Voltar ao Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await myNumbers(page)).toEqual([]);
});

test("um número já conectado em outra conta mostra 'Número já em uso'", async ({ page }) => {
  // Only a verified claim holds a phone (docs/decisions/052-attendant-permissions-and-number-claims.md): the
  // first account connects the number, scanned by that very phone.
  await signedIn(page);
  const { phone, digits } = await connectNumberThroughSimulator(page, 'Loja da Ana');
  await phone.close();
  await signOut(page);

  await signedIn(page);
  await addNumberThroughDialog(page, digits.slice(2), 'Minha loja');
  const inUse = page.getByRole('dialog', { name: 'Número já em uso' });
  await expect(inUse).toContainText(
    'Este número de WhatsApp já está sendo usado por outra conta. Cada número pode ser conectado apenas uma vez no sistema.',
  );
  await shootBothWidths(page, 'whatsapp-phone-in-use');
  await expectNoSeriousA11yViolations(page);
  await inUse.getByRole('button', { name: 'Tentar outro número' }).click();

  // Back to the form with what was typed, the phone field focused to change it.
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await expect(dialog.getByLabel('Apelido da instância')).toHaveValue('Minha loja');
  await expect(dialog.getByLabel('Número do WhatsApp')).toBeFocused();
  await expect(page).toHaveURL(/\/instances-management$/);
  expect(await myNumbers(page)).toEqual([]);
});

test("a tela de conexão aberta sem número diz 'Número de telefone não fornecido'", async ({ page }) => {
  await signedIn(page);
  await page.goto('/onboarding/whatsapp');
  await expect(page.getByText('Número de telefone não fornecido')).toBeVisible();
  await page.getByRole('link', { name: "Ir para WhatsApp's" }).click();
  await expect(page).toHaveURL(/\/instances-management$/);
});
