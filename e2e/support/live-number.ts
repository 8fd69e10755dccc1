import { KEY_QUESTIONS } from '@vendai/contracts';
import type { Page } from '@playwright/test';
import { CONTROL_URL, expect, newPerson } from './fixtures';

/**
 * Waits until the conversation engine has nothing left to do for the number (every customer message
 * received and processed, no reply waiting, being written or being sent: the server's own state, see
 * apps/server/test/helpers/engine-progress.ts), then answers how many AI replies the number has. A
 * check that the AI stayed quiet reads this instead of sleeping.
 *
 * `contactMessages`: first wait until the server has stored at least that many customer messages for the
 * number. An official-API number needs it: its customers write through the Graph stand-in, whose messages
 * live in memory where "idle" cannot see them, so without it the engine reads idle before the webhook lands.
 */
export async function aiRepliesOnceIdle(instance: string, options: { contactMessages?: number } = {}): Promise<number> {
  const state = async () =>
    (await (await fetch(`${CONTROL_URL}/engine?instance=${encodeURIComponent(instance)}`)).json()) as {
      idle: boolean;
      aiMessages: number;
      contactMessages: number;
    };
  if (options.contactMessages) {
    await expect
      .poll(async () => (await state()).contactMessages, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(options.contactMessages);
  }
  await expect.poll(async () => (await state()).idle, { timeout: 60_000 }).toBe(true);
  return (await state()).aiMessages;
}

/** The seven training answers of 'Loja Sol' (moda praia em Santos), the shop of the live journeys. */
export const LOJA_SOL_ANSWERS = [
  'Loja Sol, moda praia em Santos.',
  'Mulheres de 20 a 40 anos.',
  'Biquínis a partir de R$ 120.',
  'A cliente chama no WhatsApp, escolhe o modelo e paga no Pix.',
  'Está caro: parcelamos em 3x.',
  'Alegre e próxima.',
  'Enviar o catálogo https://loja.exemplo.com.br',
] as const;

/** An agent trained through the API the wizard uses (the wizard's own journey is tested elsewhere). */
export async function trainAgentThroughApi(page: Page, apelido: string, answers: readonly string[]) {
  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: answers[i] ?? answers[0],
  }));
  expect(
    (await page.request.post('/api/training/finish', { data: { mode: 'create', apelido, respostas } })).status(),
  ).toBe(201);
}

/**
 * A connected number for a journey that tests something else, without the clicks (those are
 * e2e/whatsapp-connect.spec.ts's): the API the phone dialog calls (POST /api/numbers: the row, the instance in
 * the simulator with the number's webhook, its first QR), then the simulator's phone approves that QR through
 * the page's own API (what 'Aprovar conexão' sends): the simulator opens the connection and its
 * connection.update webhook makes the number CONECTADO, as after a real scan. Opens no page and leaves the
 * journey's page where it was; a journey that needs the simulator's phone opens a tab on its conversations
 * (`startCustomerChat`). Returns the instance name, the number's id and the phone's digits.
 */
export async function connectNumber(page: Page, apelido: string) {
  const digits = `55${newPerson().phoneDigits}`;
  const created = await page.request.post('/api/numbers', { data: { phone: `+${digits}`, apelido } });
  expect(created.status(), await created.text()).toBe(201);
  const { number } = (await created.json()) as { number: { id: string; instance_name: string } };
  const instance = number.instance_name;
  const sim = page.request;
  const waiting = (await (await sim.get(`/simulator/ui-api/instances/${instance}`)).json()) as {
    qr: { approveCode: string } | null;
  };
  expect(waiting.qr, 'o simulador mostra o QR da conexão').not.toBeNull();
  const approved = await sim.post(`/simulator/ui-api/instances/${instance}/approve`, {
    data: { code: waiting.qr!.approveCode, phone: digits },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect
    .poll(async () => {
      const numbers = (await (await page.request.get('/api/numbers')).json()) as { id: string; status: string }[];
      return numbers.find((n) => n.id === number.id)?.status;
    })
    .toBe('CONECTADO');
  return { instance, numberId: number.id, digits };
}

/**
 * A number, connected as a person does: the phone dialog, the QR, the simulator's phone (a second
 * tab) scanning it; ends on the dashboard. Returns the instance name and the phone's tab. For the journeys
 * where connecting is what is tested; the others use `connectNumber`.
 */
export async function connectNumberThroughSimulator(page: Page, apelido: string) {
  const digits = `55${newPerson().phoneDigits}`;
  await page.goto('/instances-management');
  await page.getByRole('button', { name: 'Novo WhatsApp' }).click();
  await page.getByRole('button', { name: 'Conectar pelo QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar novo WhatsApp' });
  await dialog.getByLabel('Número do WhatsApp').fill(digits.slice(2));
  await dialog.getByLabel('Apelido da instância').fill(apelido);
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(page.getByRole('img', { name: 'QR Code para conectar o WhatsApp' })).toBeVisible();
  const [number] = (await (await page.request.get('/api/numbers')).json()) as { id: string; instance_name: string }[];
  const instance = number!.instance_name;
  const phone = await page.context().newPage();
  await phone.goto('/simulador?aba=conexoes');
  await phone
    .getByRole('article', { name: `Conexão ${instance}` })
    .getByRole('link', { name: 'Escanear com o celular' })
    .click();
  const field = phone.getByLabel('Número deste celular (DDI + DDD + número)');
  if (!(await field.inputValue())) await field.fill(digits);
  await phone.getByRole('button', { name: 'Aprovar conexão' }).click();
  await expect(phone.getByText('Celular conectado!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return { instance, phone, digits };
}

/**
 * On the simulator's phone tab, a new customer starts a chat with the number ('Nova conversa'); returns
 * `say(text)`, which writes as that customer in the open chat.
 */
export async function startCustomerChat(phone: Page, instance: string, customer: { name: string; phone: string }) {
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const dialog = phone.getByRole('dialog', { name: 'Nova conversa' });
  await dialog.getByLabel('Nome do cliente').fill(customer.name);
  await dialog.getByLabel('Número do cliente (DDI + DDD + número)').fill(customer.phone);
  await dialog.getByRole('button', { name: 'Começar conversa' }).click();
  return async (text: string) => {
    await phone.getByLabel('Mensagem do cliente').fill(text);
    await phone.getByLabel('Mensagem do cliente').press('Enter');
  };
}

/**
 * An official-API number, connected as a person does: '+ Novo WhatsApp' → 'API oficial' → the simulator's
 * Embedded Signup dialog (it stands in for Meta) approves. Returns the number as GET /api/numbers lists it.
 */
export async function connectCloudNumberThroughSimulator(page: Page, company = 'Loja Sol') {
  await page.goto('/instances-management');
  await page.getByRole('button', { name: 'Novo WhatsApp' }).click();
  await page.getByRole('button', { name: 'Conectar pela API oficial' }).click();
  await expect(page).toHaveURL(/\/connect\/whatsapp$/);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Conectar com o WhatsApp Business' }).click();
  const dialog = await popupOpened;
  const display = `55139${Date.now().toString().slice(-8)}`;
  await dialog.getByLabel('Número do WhatsApp da empresa').fill(display);
  await dialog.getByLabel('Nome da empresa verificado').fill(company);
  await dialog.getByRole('button', { name: 'Aprovar cadastro' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'conectado pela API oficial' })).toBeVisible({
    timeout: 30_000,
  });
  const numbers = (await (await page.request.get('/api/numbers')).json()) as {
    id: string;
    instance_name: string;
    provider: string;
    phone: string;
  }[];
  const number = numbers.find((n) => n.phone === display)!;
  expect(number.provider).toBe('cloud');
  return number;
}

/** A customer writes on the simulator's 'API oficial' tab (a new tab); returns the tab's conversation region. */
export async function cloudCustomerWrites(page: Page, customer: { name: string; phone: string }, text: string) {
  const phone = await page.context().newPage();
  await phone.goto('/simulador?aba=api-oficial');
  const sim = phone.getByRole('region', { name: 'Conversa na API oficial' });
  await sim.getByLabel('Cliente (número)').fill(customer.phone);
  await sim.getByLabel('Nome do cliente').fill(customer.name);
  await sim.getByLabel('Mensagem do cliente').fill(text);
  await sim.getByRole('button', { name: 'Enviar' }).click();
  return sim;
}

/** What a customer's phone received from the business, as the simulator holds it (oldest first). */
export async function receivedByCustomer(page: Page, instance: string, customerPhone: string): Promise<string[]> {
  const chats = (await (await page.request.get(`/simulator/ui-api/instances/${instance}/chats`)).json()) as {
    id: string;
    remoteJid: string;
  }[];
  const chat = chats.find((c) => c.remoteJid.startsWith(customerPhone));
  if (!chat) return [];
  const detail = (await (
    await page.request.get(`/simulator/ui-api/instances/${instance}/chats/${chat.id}`)
  ).json()) as {
    messages: { fromBusiness: boolean; text: string | null }[];
  };
  return detail.messages.filter((m) => m.fromBusiness).map((m) => m.text ?? '');
}
