/**
 * Where a conversation came from (docs/decisions/071-ad-attribution.md), through the real webhooks:
 * - a Cloud number: Meta's `referral` on the customer's message, exactly as Meta's text message webhook
 *   reference shows it (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text/:
 *   source_url, source_id, source_type 'ad', body, headline, media_type, image_url, video_url, thumbnail_url,
 *   ctwa_clid — "omitted entirely for messages originating from an ad in WhatsApp Status"), kept as received,
 *   with and without the click id, and the free entry point window opened;
 * - a QR number: Evolution's `contextInfo.externalAdReply` (docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage), marked less reliable;
 * - a 'Link de origem': its `[ref:CODE]` recognised and taken out of what is stored and what the AI reads;
 * - an ordinary message writes no source; the AI's reply request says which ad the customer came from;
 *   the contact panel lists the sources; another account sees none of them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, conversationSources, messages, sourceLinks } from '../src/db/schema/index.ts';
import {
  customerSays,
  type EngineApp,
  openShop,
  postWebhook,
  type Shop,
  startEngineApp,
  waitFor,
} from './helpers/engine-harness.ts';
import { cloudInbound, postMetaWebhook } from './helpers/cloud-shop.ts';

let e: EngineApp;
let cloud: Shop;
let qr: Shop;

beforeAll(async () => {
  e = await startEngineApp();
  [cloud, qr] = await Promise.all([openShop(e, { kind: 'cloud' }), openShop(e)]);
});
afterAll(async () => {
  await e?.close();
});

const db = () => e.t.database.db;

async function conversationOf(shop: Shop, phone: string) {
  let id = '';
  await waitFor(async () => {
    const [conv] = await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.numberId, shop.number.id), eq(conversations.contactJid, `${phone}@s.whatsapp.net`)));
    id = conv?.id ?? '';
    return id !== '';
  }, `conversation of ${phone}`);
  return id;
}

const sourcesOf = (convId: string) =>
  db().select().from(conversationSources).where(eq(conversationSources.conversationId, convId));

/** Meta's referral of a Click-to-WhatsApp ad (the reference's fields, with realistic values). */
const referral = (clid: boolean) => ({
  source_url: 'https://fb.me/3cr4Wqqkv',
  source_id: '120210000000000001',
  source_type: 'ad',
  body: 'Bolo no pote de brigadeiro, entrega no mesmo dia',
  headline: 'Bolo no pote',
  media_type: 'image',
  image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/ad.jpg',
  thumbnail_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/thumb.jpg',
  ...(clid ? { ctwa_clid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N' } : {}),
});

describe('Cloud numbers: Meta’s referral', () => {
  it('keeps the referral as received, with its click id, opens the free entry window, and tells the AI', async () => {
    const phone = '5511955550001';
    const calls = e.llm.calls.length;
    const value = cloudInbound({ phone, name: 'Bia' }, 'text', { body: 'Oi, vi o anúncio do bolo!' });
    Object.assign(value.messages[0]!, { referral: referral(true) });
    await postMetaWebhook(e, cloud, value);
    const convId = await conversationOf(cloud, phone);
    await waitFor(async () => (await sourcesOf(convId)).length === 1, 'the ad recorded');
    const [row] = await sourcesOf(convId);
    expect(row).toMatchObject({
      kind: 'ad',
      reliability: 'meta',
      sourceKey: '120210000000000001',
      headline: 'Bolo no pote',
      ctwaClid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N',
      userId: cloud.userId,
    });
    expect(row!.referral).toEqual(referral(true));
    expect(row!.freeEntryUntil!.getTime() - row!.receivedAt.getTime()).toBe(72 * 3_600_000);

    // The AI's reply request says where the customer came from (read in the reply's claim).
    const bia = () => e.llm.calls.slice(calls).filter((c) => JSON.stringify(c.messages).includes('Bia'));
    await waitFor(() => bia().length > 0, 'the AI asked');
    const system = bia()
      .flatMap((c) => c.messages)
      .map((m) => m.content)
      .join('\n');
    expect(system).toContain("O cliente veio do anúncio 'Bolo no pote'");

    // The contact panel shows the ad's card; another account gets a 404.
    const panel = await cloud.client.get(`/api/conversations/${convId}/contact`);
    expect(panel.statusCode).toBe(200);
    expect(panel.json().sources).toEqual([
      expect.objectContaining({
        kind: 'ad',
        reliability: 'meta',
        headline: 'Bolo no pote',
        body: 'Bolo no pote de brigadeiro, entrega no mesmo dia',
        thumbnailUrl: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/thumb.jpg',
        url: 'https://fb.me/3cr4Wqqkv',
        hasClickId: true,
      }),
    ]);
    expect((await qr.client.get(`/api/conversations/${convId}/contact`)).statusCode).toBe(404);
  });

  it('never invents a click id: a WhatsApp Status ad comes without one', async () => {
    const phone = '5511955550002';
    const value = cloudInbound({ phone, name: 'Caio' }, 'text', { body: 'Quero saber o preço' });
    Object.assign(value.messages[0]!, { referral: referral(false) });
    await postMetaWebhook(e, cloud, value);
    const convId = await conversationOf(cloud, phone);
    await waitFor(async () => (await sourcesOf(convId)).length === 1, 'the ad recorded');
    const [row] = await sourcesOf(convId);
    expect(row!.ctwaClid).toBeNull();
    expect(row!.referral).toEqual(referral(false));
  });

  it('the simulator sends a message from an ad', async () => {
    const res = await cloud.client.post(`/simulator/ui-api/cloud/numbers/${cloud.cloud!.phoneNumberId}/messages`, {
      waId: '5511955550003',
      name: 'Duda',
      text: 'Oi!',
      ad: { headline: 'Kit festa' },
    });
    expect(res.statusCode).toBe(201);
    const convId = await conversationOf(cloud, '5511955550003');
    await waitFor(async () => (await sourcesOf(convId)).length === 1, 'the simulated ad recorded');
    const [row] = await sourcesOf(convId);
    expect(row).toMatchObject({ kind: 'ad', reliability: 'meta', headline: 'Kit festa' });
    expect(row!.ctwaClid).toMatch(/^ARA/);
  });
});

describe('QR numbers: what the phone passes on', () => {
  it('records externalAdReply as a less reliable ad', async () => {
    const phone = '5511955550010';
    await postWebhook(e, qr, 'messages.upsert', {
      key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: 'AD-QR-1' },
      pushName: 'Edu',
      message: { conversation: 'Olá! Tenho interesse.' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
      contextInfo: {
        conversionSource: 'FB_Ads',
        entryPointConversionSource: 'ctwa_ad',
        entryPointConversionApp: 'instagram',
        externalAdReply: {
          title: 'Brigadeiro gourmet',
          body: 'Caixa com 12',
          mediaType: 'IMAGE',
          thumbnailUrl: 'https://scontent.cdninstagram.com/thumb.jpg',
          thumbnail: 'AAAA',
          sourceType: 'ad',
          sourceId: '120210000000000077',
          sourceUrl: 'https://www.instagram.com/p/abc',
          ctwaClid: 'ARAkLkA8rmlFeiCktEJQ',
        },
      },
    });
    const convId = await conversationOf(qr, phone);
    const [row] = await sourcesOf(convId);
    expect(row).toMatchObject({
      kind: 'ad',
      reliability: 'device',
      sourceKey: '120210000000000077',
      headline: 'Brigadeiro gourmet',
      ctwaClid: 'ARAkLkA8rmlFeiCktEJQ',
      freeEntryUntil: null,
    });
    expect(row!.referral).toMatchObject({
      conversionSource: 'FB_Ads',
      entryPointConversionApp: 'instagram',
      externalAdReply: { title: 'Brigadeiro gourmet', sourceId: '120210000000000077' },
    });
    // The thumbnail's bytes are not kept.
    expect((row!.referral as { externalAdReply: Record<string, unknown> }).externalAdReply.thumbnail).toBeUndefined();
  });

  it('an ordinary message records nothing', async () => {
    await customerSays(e, qr, 'Bom dia', { phone: '5511955550011', name: 'Fabi' });
    const convId = await conversationOf(qr, '5511955550011');
    expect(await sourcesOf(convId)).toEqual([]);
  });
});

describe("'Links de origem'", () => {
  it('recognises the code of the first message and takes it out of what is stored and what the AI reads', async () => {
    const created = await qr.client.post('/api/source-links', { name: 'Bio do Instagram', code: 'bio' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bio do Instagram', code: 'BIO' });
    expect(created.json().links[0].url).toContain(`https://wa.me/${qr.number.phone}?text=`);
    expect(created.json().links[0].qrPng).toMatch(/^data:image\/png;base64,/);
    const calls = e.llm.calls.length;
    await customerSays(e, qr, 'Olá! Quero saber mais. [ref:BIO]', { phone: '5511955550020', name: 'Gabi' });
    const convId = await conversationOf(qr, '5511955550020');
    const [row] = await sourcesOf(convId);
    expect(row).toMatchObject({ kind: 'link', reliability: 'link', headline: 'Bio do Instagram', ctwaClid: null });
    const [stored] = await db().select().from(messages).where(eq(messages.convId, convId));
    expect(stored!.content).toBe('Olá! Quero saber mais.');
    const gabi = () => e.llm.calls.slice(calls).filter((c) => JSON.stringify(c.messages).includes('Gabi'));
    await waitFor(() => gabi().length > 0, 'the AI asked');
    const sent = JSON.stringify(gabi().map((c) => c.messages));
    expect(sent).toContain('Olá! Quero saber mais.');
    expect(sent).not.toContain('[ref:');
    expect(sent).toContain("O cliente chegou pelo link 'Bio do Instagram'");
  });

  it('refuses a bad code in Portuguese, and a code twice', async () => {
    const bad = await qr.client.post('/api/source-links', { name: 'Panfleto', code: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Código inválido');
    await qr.client.post('/api/source-links', { name: 'Panfleto', code: 'FLY' });
    const twice = await qr.client.post('/api/source-links', { name: 'Outro', code: 'fly' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Você já tem um link com esse código');
    const other = await db().select().from(sourceLinks).where(eq(sourceLinks.userId, cloud.userId));
    expect(other).toEqual([]);
  });
});
