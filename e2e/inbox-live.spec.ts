import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';
import { aiRepliesOnceIdle, connectNumber, trainAgentThroughApi } from './support/live-number';

/**
 * The inbox live, as a new user would use it (docs/decisions/006-realtime-and-storage.md with the engine of docs/decisions/005-conversation-engine.md and the simulator
 * of docs/decisions/007-number-connection.md): an agent, a number connected through the simulator's QR, the agent linked in the
 * dashboard; then a customer writes on the simulator page and the conversation, the message and
 * the AI's reply appear without a reload; the owner takes over and writes by hand; a burst gets one
 * reply; every message type arrives; disconnecting the phone raises the banner.
 */

const ANSWERS = [
  'Clínica Sorriso Leve, odontologia estética em Campinas, há 8 anos.',
  'Mulheres de 25 a 45 anos que querem clarear os dentes.',
  'Clareamento a laser por R$ 890, em duas sessões.',
  'O cliente chama no WhatsApp, agenda uma avaliação gratuita e paga no Pix.',
  'Está caro: parcelamos em até 10x.',
  'Simpática, trata pelo primeiro nome.',
  'Enviar o link da agenda https://agenda.exemplo.com.br',
];

const CUSTOMER = { name: 'Bruno Lima', phone: '5511988887777' };

/** The simulator page's own API: what its composer posts when the person writes as the customer. */
async function customerSends(page: Page, instance: string, message: Record<string, unknown>) {
  const res = await page.request.post(`/simulator/ui-api/instances/${instance}/messages`, {
    data: { customer: CUSTOMER, message },
  });
  expect(res.status(), await res.text()).toBe(201);
}

function png(width: number, height: number): string {
  const row = Buffer.alloc(1 + width * 3, 0);
  for (let x = 0; x < width; x += 1) row.set([59, 130, 246], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    let c = ~0;
    for (const byte of body) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    crc.writeUInt32BE(~c >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

function wav(seconds: number): string {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds * 2);
  for (let i = 0; i < rate * seconds; i += 1)
    data.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 330) * 2000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]).toString('base64');
}

test('ao vivo com o simulador: mensagem do cliente, resposta da IA, modo Manual, rajada, tipos de mídia e desconexão', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signedIn(page);

  // An agent, trained through the API the wizard uses (its own journey is tested elsewhere).
  await trainAgentThroughApi(page, 'Bia', ANSWERS);
  // A number connected in the simulator, its QR approved (connecting through the screens is e2e/whatsapp-connect.spec.ts).
  const { instance } = await connectNumber(page, 'Loja Centro');
  const phone = await page.context().newPage();
  await page.goto('/dashboard');

  // The dashboard: no conversation yet; the agent is linked to the number with the picker.
  await expect(page.getByText('Nenhuma conversa ainda')).toBeVisible();
  await shootBothWidths(page, 'inbox-no-conversations');
  await expectNoSeriousA11yViolations(page);
  // The owner's only agent was linked to the new number by itself (first run, docs/decisions/013-first-run-auto-link.md).
  const picker = page.getByRole('combobox', { name: 'Agente de IA (Loja Centro)' });
  await expect(picker).toHaveText('Bia');
  await expect(page.getByTestId('ai-usage')).toHaveText('Mensagens de IA: 0/300');

  // The customer writes on the simulator page (second tab).
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByLabel('Mensagem do cliente').fill('Olá! Quanto custa o clareamento?');
  await phone.getByLabel('Mensagem do cliente').press('Enter');

  // …and it appears in the inbox without a reload: the row, then the chat.
  const row = page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name });
  await expect(row).toContainText('Olá! Quanto custa o clareamento?', { timeout: 20_000 });
  await expect(row.getByTestId('unread-badge')).toHaveText('Não lidas: 1');
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const messages = chat.getByTestId('message');
  await expect(messages.filter({ hasText: 'Olá! Quanto custa o clareamento?' })).toHaveAttribute(
    'data-author',
    'contact',
  );
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);

  // The AI's reply appears live, in the inbox and on the customer's phone.
  const aiReplies = chat.locator('[data-testid="message"][data-author="ai"]');
  await expect(aiReplies).toHaveCount(1, { timeout: 30_000 });
  const thread = phone.getByRole('region', { name: 'Conversa' });
  await expect(thread.locator('[data-from="business"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ai-usage')).toHaveText(/Mensagens de IA: [1-9]\d*\/300/);
  // The list row follows: the AI's answer is now the last message.
  const replyStart = (await aiReplies.last().locator('p.whitespace-pre-wrap').innerText()).slice(0, 30);
  await expect(row).toContainText(replyStart);
  await shootBothWidths(page, 'inbox-live-ai-reply');
  await expectNoSeriousA11yViolations(page);

  // Taking over: Manual, then a message typed in the inbox reaches the customer.
  await chat.getByRole('switch', { name: 'IA' }).click();
  await expect(chat.getByRole('switch', { name: 'Manual' })).not.toBeChecked();
  const box = chat.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Aqui é a Mariana, vou te atender pessoalmente.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const mine = messages.filter({ hasText: 'Aqui é a Mariana, vou te atender pessoalmente.' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-author', 'owner_app');
  await expect(mine).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 20_000 });
  await expect(thread.getByText('Aqui é a Mariana, vou te atender pessoalmente.')).toBeVisible({ timeout: 20_000 });

  // The customer answers; in Manual the AI stays quiet.
  const aiBefore = await aiReplies.count();
  await phone.getByLabel('Mensagem do cliente').fill('Perfeito, obrigado!');
  await phone.getByLabel('Mensagem do cliente').press('Enter');
  await expect(messages.filter({ hasText: 'Perfeito, obrigado!' })).toHaveCount(1, { timeout: 20_000 });
  expect(await aiRepliesOnceIdle(instance)).toBe(aiBefore);
  await expect(aiReplies).toHaveCount(aiBefore);

  // Back to IA: a burst of three messages gets one reply.
  await chat.getByRole('switch', { name: 'Manual' }).click();
  await expect(chat.getByRole('switch', { name: 'IA' })).toBeChecked();
  for (const text of ['Mais uma dúvida', 'Vocês atendem sábado?', 'E aceitam cartão?'])
    await customerSends(page, instance, { type: 'text', text });
  await expect(messages.filter({ hasText: 'E aceitam cartão?' })).toHaveCount(1, { timeout: 20_000 });
  await expect(aiReplies).toHaveCount(aiBefore + 1, { timeout: 40_000 });
  expect(await aiRepliesOnceIdle(instance)).toBe(aiBefore + 1);
  await expect(aiReplies).toHaveCount(aiBefore + 1);

  // Every message type the customer can send arrives and renders.
  await customerSends(page, instance, {
    type: 'image',
    base64: png(120, 80),
    mimetype: 'image/png',
    caption: 'Essa cor tem?',
    width: 120,
    height: 80,
  });
  await customerSends(page, instance, { type: 'audio', base64: wav(2), mimetype: 'audio/wav', seconds: 2 });
  await customerSends(page, instance, {
    type: 'document',
    base64: Buffer.from('%PDF-1.4\n%orçamento\n').toString('base64'),
    mimetype: 'application/pdf',
    fileName: 'orcamento.pdf',
  });
  await customerSends(page, instance, {
    type: 'location',
    latitude: -23.561414,
    longitude: -46.655881,
    name: 'MASP',
    address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
  });
  await customerSends(page, instance, { type: 'contact', displayName: 'Carla Dias', phone: '5511955554444' });
  const photo = chat.getByRole('img', { name: 'Essa cor tem?' });
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0), { timeout: 30_000 })
    .toBe(120);
  await expect(chat.locator('[data-type="audio"] audio')).toHaveAttribute('src', /^\/api\/media\//, {
    timeout: 20_000,
  });
  await expect(chat.getByRole('link', { name: 'Baixar orcamento.pdf' })).toBeVisible({ timeout: 20_000 });
  await expect(chat.locator('[data-type="location"]')).toContainText('Av. Paulista, 1578', { timeout: 20_000 });
  await expect(chat.locator('[data-type="contact"]')).toContainText('Carla Dias', { timeout: 20_000 });
  await expect(chat.locator('[data-type="contact"]')).toContainText('+55 (11) 95555-4444');
  await shootBothWidths(page, 'inbox-live-media');

  // Disconnecting the phone in the simulator raises the banner, live.
  await phone.goto('/simulador?aba=conexoes');
  const card = phone.getByRole('article', { name: `Conexão ${instance}` });
  await card.getByRole('button', { name: 'Desconectar' }).click();
  await expect(card.getByText('Desconectado', { exact: true })).toBeVisible();
  const banner = page.getByTestId('disconnected-banner');
  await expect(banner).toContainText('Loja Centro está desconectado', { timeout: 20_000 });
  await expect(banner.getByRole('link', { name: 'Reconectar' })).toHaveAttribute('href', '/instances-management');
  await shootBothWidths(page, 'inbox-live-disconnected');
  await phone.close();
});
