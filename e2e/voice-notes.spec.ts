import { FAKE_IMAGE_DESCRIPTION, FAKE_TRANSCRIPT, liveE2ePorts } from './support/fake-openai';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';
import { connectNumber, trainAgentThroughApi } from './support/live-number';

/**
 * Voice notes and images understood (decision 016), in the 'ai-live' project whose AI is the fake
 * OpenAI-compatible server: the customer sends the simulator's sample voice note, the transcript
 * appears under the player in the inbox without a reload (message.insight), and the AI's one reply
 * answers what was said; an image's description is shown on demand.
 */
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== 'ai-live', "roda no projeto 'ai-live' (servidor de IA falso)");
});

const FAKE_URL = `http://127.0.0.1:${liveE2ePorts().fakeOpenAi}`;
const CUSTOMER = { name: 'Carla Dias', phone: '5511977776666' };

test('nota de voz do simulador: a transcrição aparece ao vivo sob o áudio e a IA responde uma vez', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await fetch(`${FAKE_URL}/control/reset`, { method: 'POST' });
  await signedIn(page);
  await trainAgentThroughApi(page, 'Bia', ['Doce Encanto, bolos artesanais em Belo Horizonte, a partir de R$ 180.']);
  // A number connected in the simulator, its QR approved (its own journey is e2e/whatsapp-connect.spec.ts).
  const { instance } = await connectNumber(page, 'Loja');
  const phone = await page.context().newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('combobox', { name: 'Agente de IA (Loja)' })).toHaveText('Bia');

  // The customer sends the simulator's sample voice note.
  await phone.goto(`/simulador?aba=conversas&numero=${instance}`);
  await phone.getByRole('button', { name: 'Nova conversa' }).first().click();
  const newChat = phone.getByRole('dialog', { name: 'Nova conversa' });
  await newChat.getByLabel('Nome do cliente').fill(CUSTOMER.name);
  await newChat.getByLabel('Número do cliente (DDI + DDD + número)').fill(CUSTOMER.phone);
  await newChat.getByRole('button', { name: 'Começar conversa' }).click();
  await phone.getByRole('button', { name: 'Anexar' }).click();
  await phone.getByRole('menuitem', { name: 'Nota de voz' }).click();
  const voice = phone.getByRole('dialog', { name: 'Enviar nota de voz' });
  await voice.getByLabel('Ou envie um áudio de exemplo com esta duração (segundos)').fill('6');
  await voice.getByRole('button', { name: 'Enviar', exact: true }).click();

  // The inbox: the voice note, then its transcript under the player, live.
  const row = page.getByTestId('conversation-row').filter({ hasText: CUSTOMER.name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  const chat = page.getByRole('region', { name: 'Conversa' });
  const note = chat.locator('[data-testid="message"][data-author="contact"]').filter({ hasText: 'Mensagem de voz' });
  await expect(note.locator('audio')).toBeVisible();
  const transcript = note.getByTestId('media-insight');
  await expect(transcript).toContainText(FAKE_TRANSCRIPT, { timeout: 30_000 });
  // One AI reply, answering what the voice note said.
  const aiReplies = chat.locator('[data-testid="message"][data-author="ai"]');
  await expect(aiReplies).toHaveCount(1, { timeout: 30_000 });
  await expect(aiReplies.first()).toContainText('preço do bolo de chocolate');
  await shootBothWidths(page, 'voice-note-transcript');
  await expectNoSeriousA11yViolations(page);

  // Collapsible: hidden, then shown again.
  await transcript.getByRole('button', { name: 'Transcrição' }).click();
  await expect(transcript).not.toContainText(FAKE_TRANSCRIPT);
  await transcript.getByRole('button', { name: 'Ver transcrição' }).click();
  await expect(transcript).toContainText(FAKE_TRANSCRIPT);

  // An image: described for the AI; the owner opens the description on demand.
  await phone.getByRole('button', { name: 'Anexar' }).click();
  await phone.getByRole('menuitem', { name: 'Imagem' }).click();
  const imageDialog = phone.getByRole('dialog');
  await imageDialog.getByRole('button', { name: 'Usar imagem de exemplo' }).click();
  const photo = chat.locator('[data-testid="message"][data-author="contact"]').filter({ has: page.locator('img') });
  await expect(photo).toHaveCount(1, { timeout: 20_000 });
  await expect(aiReplies).toHaveCount(2, { timeout: 30_000 });
  await photo.getByRole('button', { name: 'Ver descrição da imagem' }).click();
  await expect(photo.getByTestId('media-insight')).toContainText(FAKE_IMAGE_DESCRIPTION);
  await shootBothWidths(page, 'image-description');
});
