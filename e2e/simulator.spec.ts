import { simulatorApiKey } from '../apps/server/src/simulator/simulator-config.ts';
import { expect, expectNoSeriousA11yViolations, shootBothWidths, test } from './support/fixtures';

/**
 * The 'Simulador de WhatsApp' page against the real server (e2e/support/harness.ts, simulator on):
 * an instance is created through the simulator's Evolution REST API, its QR is approved on the page,
 * then the person writes as a customer and sees the business's reply arrive.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const SIM_API = `http://localhost:${PORT}/simulator/api`;
// The harness's AUTH_SECRET: the simulator's key is derived from it.
const APIKEY = simulatorApiKey({ authSecret: 'e2e-secret-0123456789-0123456789-0123456789' });

async function simApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${SIM_API}${path}`, {
    method,
    headers: { apikey: APIKEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

test('simulador: aprovar o QR Code, escrever como cliente, ver a resposta e desconectar', async ({ page }) => {
  const name = `vendaie2e${Date.now().toString(36)}`;
  const created = await simApi('POST', '/instance/create', {
    instanceName: name,
    integration: 'WHATSAPP-BAILEYS',
    qrcode: true,
  });
  expect(created.status).toBe(201);
  expect(created.body.qrcode.code).toContain(`/simulador/aprovar/${name}?code=`);

  // The connections tab lists the instance waiting for its QR, with the QR image.
  await page.goto('/simulador?aba=conexoes');
  await expect(page.getByRole('heading', { name: 'Simulador de WhatsApp' })).toBeVisible();
  const card = page.getByRole('article', { name: `Conexão ${name}` });
  await expect(card.getByText('Aguardando QR Code')).toBeVisible();
  await expect(card.getByRole('img', { name: `QR Code da conexão ${name}` })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await shootBothWidths(page, 'simulator-connections');
  await expectNoSeriousA11yViolations(page);

  // Opening the QR's link is the phone scanning it.
  await page.goto(created.body.qrcode.code.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Conectar aparelho' })).toBeVisible();
  await page.getByLabel('Número deste celular (DDI + DDD + número)').fill('12');
  await page.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(page.getByText('Informe o número com DDI e DDD')).toBeVisible();
  await page.getByLabel('Número deste celular (DDI + DDD + número)').fill('5511912345678');
  await page.getByLabel('Nome do perfil (opcional)').fill('Loja da Ana');
  await shootBothWidths(page, 'simulator-approve');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(page.getByText('Celular conectado!')).toBeVisible();
  expect((await simApi('GET', `/instance/connectionState/${name}`)).body).toEqual({
    instance: { instanceName: name, state: 'open' },
  });

  // Play a customer on the connected number.
  await page.goto(`/simulador?aba=conversas&numero=${name}`);
  await page.getByRole('button', { name: 'Nova conversa' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova conversa' });
  await dialog.getByLabel('Nome do cliente').fill('Bruno Lima');
  await dialog.getByLabel('Número do cliente (DDI + DDD + número)').fill('5511988887777');
  await dialog.getByRole('button', { name: 'Começar conversa' }).click();
  await page.getByLabel('Mensagem do cliente').fill('Oi! Vocês entregam no sábado?');
  await page.getByLabel('Mensagem do cliente').press('Enter');
  const thread = page.getByRole('region', { name: 'Conversa' });
  await expect(thread.locator('[data-from="customer"]').getByText('Oi! Vocês entregam no sábado?')).toBeVisible();
  await expect(page.getByLabel('Mensagem do cliente')).toHaveValue('');

  // The business answers through the gateway API: the reply shows up in the chat.
  const sent = await simApi('POST', `/message/sendText/${name}`, {
    number: '5511988887777',
    text: 'Entregamos sim, das 9h às 13h.',
  });
  expect(sent.status).toBe(201);
  await expect(thread.locator('[data-from="business"]').getByText('Entregamos sim, das 9h às 13h.')).toBeVisible();

  // An image (the sample) and a location, each as its own bubble.
  await page.getByRole('button', { name: 'Anexar' }).click();
  await page.getByRole('menuitem', { name: 'Imagem' }).click();
  await page.getByLabel('Legenda (opcional)').fill('Tem nessa cor?');
  await page.getByRole('button', { name: 'Usar imagem de exemplo' }).click();
  await expect(thread.getByRole('img', { name: 'Tem nessa cor?' })).toBeVisible();
  await page.getByRole('button', { name: 'Anexar' }).click();
  await page.getByRole('menuitem', { name: 'Localização' }).click();
  await page.getByRole('dialog', { name: 'Enviar localização' }).getByRole('button', { name: 'Enviar' }).click();
  await expect(thread.getByText('MASP')).toBeVisible();
  // The customer's messages were read by the business? Not yet: the business never marked them.
  await shootBothWidths(page, 'simulator-chat');
  await expectNoSeriousA11yViolations(page);

  // On a phone the list and the chat take turns.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Voltar para as conversas' }).click();
  await expect(page.getByRole('button', { name: /Bruno Lima/ })).toBeVisible();
  await page.getByRole('button', { name: /Bruno Lima/ }).click();
  await expect(thread.getByText('MASP')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Disconnecting the phone closes the instance.
  await page.getByRole('tab', { name: 'Conexões' }).click();
  await card.getByRole('button', { name: 'Desconectar' }).click();
  await expect(card.getByText('Desconectado', { exact: true })).toBeVisible();
  expect((await simApi('GET', `/instance/connectionState/${name}`)).body.instance.state).toBe('close');
  await simApi('DELETE', `/instance/delete/${name}`);
});
