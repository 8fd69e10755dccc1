import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { conversations, mediaUsageMonthly, messageInsights, messages } from '../src/db/schema/index.ts';
import { aiAssistsMessage } from '../src/domain/usage/ai-assists.ts';
import {
  customerSays,
  customerSendsMedia,
  type LlmCall,
  openShop,
  type Shop,
  sentToCustomers,
  sleep,
  waitFor,
} from './helpers/engine-harness.ts';
import { type CustomerMedia, SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { oggOpus } from './helpers/ogg-opus.ts';
import { onTestPlan } from './helpers/test-plan.ts';

/**
 * Voice notes, images and documents understood before the AI answers (decision 016), over real HTTP:
 * the simulator delivers the customer's media (on a QR number with the webhook; on a Cloud API number
 * by Meta's media id, downloaded from the Graph API fake), the fake OpenAI-compatible server transcribes
 * (/audio/transcriptions) and describes (vision chat completions), and records what the AI was given.
 */
const e = useEngineApp({ MEDIA_AUDIO_MAX_SECONDS: '120' });

const PNG = Buffer.from('\x89PNG fake cake photo '.repeat(40), 'latin1').toString('base64');

const isVision = (call: LlmCall) => Array.isArray(call.messages.at(-1)?.content);
const replyCalls = () => e.llm.calls.filter((c) => !isVision(c));
const visionCalls = () => e.llm.calls.filter(isVision);

const customerSends = (shop: Shop, media: CustomerMedia) => customerSendsMedia(e, shop, media);
/** A real Ogg Opus file of `real` seconds, declared by the sender as `seconds` (the same unless a client lies). */
const voiceNote = (seconds = 40, real = seconds): CustomerMedia => ({
  type: 'audio',
  base64: oggOpus(real).toString('base64'),
  mimetype: 'audio/ogg; codecs=opus',
  seconds,
});

const convOf = async (shop: Shop) =>
  (await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.type === 'chat',
  )!;
const inboundOf = async (convId: string, type: string) =>
  (await e.t.database.db.select().from(messages).where(eq(messages.convId, convId))).filter(
    (m) => m.messageType === type,
  );

beforeEach(() => {
  e.llm.calls.length = 0;
  e.llm.transcriptions.length = 0;
  e.llm.transcribe = async (_c, n) => ({ text: `Transcrição ${n}` });
  e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
});

describe.each(SHOP_KINDS)('%s number', (kind) => {
  describe('voice notes', () => {
    it('answers a burst of [voice note, text] once, after the transcript, with both in the AI input', async () => {
      const shop = await openShop(e, { kind, timing: 1 });
      let transcribedAt = 0;
      e.llm.transcribe = async () => {
        await sleep(600); // longer than the quiet time: the reply must wait for it
        transcribedAt = Date.now();
        return { text: 'Quanto custa o bolo de dois andares de chocolate?' };
      };
      await customerSends(shop, voiceNote(40));
      await customerSays(e, shop, 'É para sábado');
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');

      expect(e.llm.transcriptions).toHaveLength(1);
      expect(e.llm.transcriptions[0]).toMatchObject({ model: 'gpt-4o-mini-transcribe', filename: 'audio.ogg' });
      expect(replyCalls()).toHaveLength(1);
      const call = replyCalls()[0]!;
      expect(call.at).toBeGreaterThanOrEqual(transcribedAt);
      const users = call.messages.filter((m) => m.role === 'user').map((m) => m.content);
      expect(users).toEqual([
        '[o cliente enviou um áudio de 40 s; transcrição:]\nQuanto custa o bolo de dois andares de chocolate?',
        'É para sábado',
      ]);
      // Stored for the inbox and counted for the month.
      const conv = await convOf(shop);
      const [audio] = await inboundOf(conv.id, 'audio');
      const [insight] = await e.t.database.db
        .select()
        .from(messageInsights)
        .where(eq(messageInsights.messageId, audio!.id));
      expect(insight).toMatchObject({ kind: 'transcript', state: 'done', attempts: 1 });
      const usage = (await shop.client.get('/api/usage')).json();
      expect(usage.media).toEqual({ transcriptions: 1, transcribed_seconds: 40, descriptions: 0, documents: 0 });
      // The inbox lists it under the voice note.
      const page = (await shop.client.get(`/api/conversations/${conv.id}/messages`)).json();
      const listed = page.items.find((m: { id: string }) => m.id === audio!.id);
      expect(listed.insight).toMatchObject({
        kind: 'transcript',
        state: 'done',
        text: expect.stringContaining('bolo'),
      });
      await waitEngineIdle(e, shop);
      expect(await sentToCustomers(e, shop)).toHaveLength(1);
    });

    it('falls back when transcription keeps failing: the AI is told it could not listen, one reply', async () => {
      const shop = await openShop(e, { kind });
      e.llm.transcribe = async () => ({ status: 500 });
      await customerSends(shop, voiceNote(12));
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
      expect(e.llm.transcriptions).toHaveLength(3); // ENGINE llm attempts, with backoff
      expect(replyCalls()).toHaveLength(1);
      expect(replyCalls()[0]!.messages.at(-1)!.content).toBe(
        '[o cliente enviou um áudio de 12 s, mas não foi possível ouvi-lo; peça com gentileza que ele escreva a mensagem]',
      );
      const conv = await convOf(shop);
      const [audio] = await inboundOf(conv.id, 'audio');
      const page = (await shop.client.get(`/api/conversations/${conv.id}/messages`)).json();
      expect(page.items.find((m: { id: string }) => m.id === audio!.id).insight).toMatchObject({
        state: 'failed',
        reason: 'A IA não conseguiu ler esta mídia agora.',
      });
      const usage = (await shop.client.get('/api/usage')).json();
      expect(usage.media.transcriptions).toBe(0);
      await waitEngineIdle(e, shop);
      expect(await sentToCustomers(e, shop)).toHaveLength(1);
    });

    it('does not transcribe audio over the cap (MEDIA_AUDIO_MAX_SECONDS)', async () => {
      const shop = await openShop(e, { kind });
      await customerSends(shop, voiceNote(300));
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
      expect(e.llm.transcriptions).toHaveLength(0);
      expect(replyCalls()[0]!.messages.at(-1)!.content).toContain('não foi possível ouvi-lo');
    });

    // The length is measured from the file (decision 021), never taken from the sender's `seconds`.
    it('a voice note that claims 5 s but lasts 400 s is not transcribed; one that claims 400 s but lasts 5 s is', async () => {
      const shop = await openShop(e, { kind });
      await customerSends(shop, voiceNote(5, 400));
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'first reply');
      expect(e.llm.transcriptions).toHaveLength(0);
      expect(replyCalls()[0]!.messages.at(-1)!.content).toContain('não foi possível ouvi-lo');
      const conv = await convOf(shop);
      const [lying] = await inboundOf(conv.id, 'audio');
      const [insight] = await e.t.database.db
        .select()
        .from(messageInsights)
        .where(eq(messageInsights.messageId, lying!.id));
      expect(insight).toMatchObject({ state: 'skipped', reason: 'too-long' });

      await customerSends(shop, voiceNote(400, 5));
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 2, 'second reply');
      expect(e.llm.transcriptions).toHaveLength(1);
      expect(replyCalls().at(-1)!.messages.at(-1)!.content).toContain('Transcrição 1');
      // Usage counts the measured seconds, not the claimed ones.
      expect((await shop.client.get('/api/usage')).json().media).toMatchObject({
        transcriptions: 1,
        transcribed_seconds: 5,
      });
    });

    it('never transcribes for groups or conversations with the AI off; the owner can still ask from the inbox', async () => {
      const shop = await openShop(e, { kind });
      // Groups exist only on QR numbers (the Cloud API has none).
      if (kind === 'evolution')
        await customerSendsMedia(e, shop, voiceNote(8), undefined, { group: { subject: 'Clientes VIP' } });
      await customerSays(e, shop, 'Oi');
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the 1:1 reply');
      const conv = await convOf(shop);
      await shop.client.request({
        method: 'PATCH',
        url: `/api/conversations/${conv.id}`,
        payload: { agente_ativo: false },
      });
      await customerSends(shop, voiceNote(9));
      await waitEngineIdle(e, shop);
      expect(e.llm.transcriptions).toHaveLength(0);
      expect(await sentToCustomers(e, shop)).toHaveLength(1);

      const [audio] = await inboundOf(conv.id, 'audio');
      // Not in storage any more: the file comes from the gateway by its key (Evolution's
      // getBase64FromMediaMessage; the Graph API's media id on a Cloud number).
      await e.t.app.deps.storage.remove(audio!.mediaUrl!.replace('/api/media/', ''));
      const res = await shop.client.post(`/api/conversations/${conv.id}/messages/${audio!.id}/insight`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        messageId: audio!.id,
        kind: 'transcript',
        state: 'done',
        text: 'Transcrição 1',
      });
      expect(e.llm.transcriptions).toHaveLength(1);
      // Asked again: the stored transcript, no new provider call. Another user: 404.
      expect(
        (await shop.client.post(`/api/conversations/${conv.id}/messages/${audio!.id}/insight`, {})).json().text,
      ).toBe('Transcrição 1');
      expect(e.llm.transcriptions).toHaveLength(1);
      // The owner's ask was one AI assist (decision 050); the stored answer cost none.
      expect((await shop.client.get('/api/usage')).json()).toMatchObject({
        ai_assists: 1,
        ai_assists_by_kind: { media_requests: 1 },
      });
      const other = await openShop(e, { kind });
      expect(
        (await other.client.post(`/api/conversations/${conv.id}/messages/${audio!.id}/insight`, {})).statusCode,
      ).toBe(404);
      expect(await sentToCustomers(e, shop)).toHaveLength(1);
    });

    it('never transcribes for a contact who opted out', async () => {
      const shop = await openShop(e, { kind });
      await customerSays(e, shop, 'Parar');
      await customerSends(shop, voiceNote(7));
      await waitEngineIdle(e, shop);
      expect(e.llm.transcriptions).toHaveLength(0);
      expect(await sentToCustomers(e, shop)).toHaveLength(0);
    });
  });

  describe('images', () => {
    it('describes an image with a vision request; the AI gets the description and the caption', async () => {
      const shop = await openShop(e, { kind });
      e.llm.respond = async (call, n) =>
        isVision(call)
          ? { content: 'Foto de um bolo de dois andares com cobertura branca e flores.' }
          : { content: `Resposta da IA ${n}` };
      await customerSends(shop, { type: 'image', base64: PNG, mimetype: 'image/png', caption: 'Vocês fazem esse?' });
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
      expect(visionCalls()).toHaveLength(1);
      const parts = visionCalls()[0]!.messages.at(-1)!.content as unknown as {
        type: string;
        image_url?: { url: string };
      }[];
      expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/png;base64,/);
      expect(replyCalls()).toHaveLength(1);
      expect(replyCalls()[0]!.messages.at(-1)!.content).toBe(
        '[o cliente enviou uma imagem; descrição da imagem: Foto de um bolo de dois andares com cobertura branca e flores.]\nLegenda do cliente: Vocês fazem esse?',
      );
      const usage = (await shop.client.get('/api/usage')).json();
      expect(usage.media).toMatchObject({ descriptions: 1, transcriptions: 0 });
    });

    it('a model without vision (400) keeps the plain description and is not retried', async () => {
      const shop = await openShop(e, { kind });
      e.llm.respond = async (call, n) => (isVision(call) ? { status: 400 } : { content: `Resposta da IA ${n}` });
      await customerSends(shop, { type: 'image', base64: PNG, mimetype: 'image/png', caption: 'Quanto custa?' });
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
      expect(visionCalls()).toHaveLength(1);
      expect(replyCalls()[0]!.messages.at(-1)!.content).toBe('[o cliente enviou uma imagem: Quanto custa?]');
      const [image] = await inboundOf((await convOf(shop)).id, 'image');
      const [insight] = await e.t.database.db
        .select()
        .from(messageInsights)
        .where(eq(messageInsights.messageId, image!.id));
      expect(insight).toMatchObject({ state: 'failed', reason: 'no-vision' });
    });
  });

  describe('documents', () => {
    it('gives the AI the text of a plain-text document, bounded', async () => {
      const shop = await openShop(e, { kind });
      const text = `Lista de pedidos\n${'bolo de cenoura; '.repeat(400)}`;
      await customerSends(shop, {
        type: 'document',
        base64: Buffer.from(text).toString('base64'),
        mimetype: 'text/plain',
        fileName: 'pedido.txt',
      });
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
      const content = replyCalls()[0]!.messages.at(-1)!.content;
      expect(content).toMatch(
        /^\[o cliente enviou um documento \(pedido\.txt\); texto do documento:\]\nLista de pedidos/,
      );
      expect(content.length).toBeLessThan(4200);
      const [row] = await e.t.database.db
        .select()
        .from(mediaUsageMonthly)
        .where(eq(mediaUsageMonthly.userId, shop.userId));
      expect(row).toMatchObject({ documents: 1 });
    });
  });
});

describe('the owner’s transcripts and descriptions are AI assists (docs/decisions/050-upload-and-model-call-limits.md)', () => {
  it('past the plan’s assists the inbox’s ask is refused with 403 in Portuguese and the model is not called', async () => {
    const shop = await openShop(e, { kind: 'evolution' });
    await onTestPlan(e.t.database.db, shop.userId, { maxAiAssists: 1, maxAgents: 2 });
    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the reply');
    const conv = await convOf(shop);
    await shop.client.request({
      method: 'PATCH',
      url: `/api/conversations/${conv.id}`,
      payload: { agente_ativo: false },
    });
    await customerSends(shop, voiceNote(6));
    await customerSends(shop, voiceNote(7));
    await waitFor(async () => (await inboundOf(conv.id, 'audio')).length === 2, 'two voice notes stored');
    const [first, second] = await inboundOf(conv.id, 'audio');
    const ask = (id: string) => shop.client.post(`/api/conversations/${conv.id}/messages/${id}/insight`, {});

    expect((await ask(first!.id)).statusCode).toBe(200);
    const refused = await ask(second!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LIMIT_REACHED', message: aiAssistsMessage(1) });
    expect(e.llm.transcriptions).toHaveLength(1);
    // The transcript already made is still read, at no cost.
    expect((await ask(first!.id)).statusCode).toBe(200);
    expect((await shop.client.get('/api/usage')).json()).toMatchObject({ ai_assists: 1, max_ai_assists: 1 });
  });
});
