import { expect, expectNoSeriousA11yViolations, newPerson, signedIn, shootBothWidths, test } from './support/fixtures';
import { simApi } from './support/simulator-api';

/**
 * The 'Simulador de WhatsApp' page against the real server (e2e/support/harness.ts, simulator on).
 * Signed out it asks for the sign-in and comes back; signed in it plays the phone and the customers
 * of the account's own number: its QR is approved on the page, the person writes as a customer and
 * sees the business's reply (sent through the simulator's Evolution REST API, with its apikey).
 */
test('simulador: entrar, aprovar o QR Code, escrever como cliente, ver a resposta e desconectar', async ({ page }) => {
  const person = await signedIn(page, newPerson());
  const phone = `55${newPerson().phoneDigits}`;
  const created = await page.request.post('/api/numbers', { data: { phone: `+${phone}`, apelido: 'Loja da Ana' } });
  expect(created.status()).toBe(201);
  const name = ((await created.json()) as { number: { instance_name: string } }).number.instance_name;
  await page.context().clearCookies(); // signed out

  // Signed out, the simulator shows nothing of anyone: it asks for the sign-in, then comes back.
  await page.goto('/simulador?aba=conexoes');
  await expect(page.getByRole('heading', { name: 'Entre para usar o simulador de WhatsApp' })).toBeVisible();
  expect((await page.request.get('/simulator/ui-api/instances')).status()).toBe(401);
  await shootBothWidths(page, 'simulator-signed-out');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Entrar' }).click();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/simulador\?aba=conexoes$/);
  const qr = (await simApi('GET', `/instance/connect/${name}`)).body as { code: string };
  expect(qr.code).toContain(`/simulador/aprovar/${name}?code=`);

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
  await page.goto(qr.code.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Conectar aparelho' })).toBeVisible();
  await page.getByLabel('Número deste celular (DDI + DDD + número)').fill('12');
  await page.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(page.getByText('Informe o número com DDI e DDD')).toBeVisible();
  await page.getByLabel('Número deste celular (DDI + DDD + número)').fill(phone);
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
});
