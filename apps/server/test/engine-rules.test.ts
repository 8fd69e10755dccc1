import { describe, expect, it } from 'vitest';
import {
  mapChange,
  mapChat,
  mapDeliveryStatus,
  mapGatewayMessage,
  messagePreview,
  phoneFromVcard,
  protoInt,
} from '../src/integrations/gateway/map-gateway-message.ts';
import {
  buildHistory,
  hardSplit,
  isStale,
  splitReply,
  WHATSAPP_TEXT_MAX,
} from '../src/modules/conversation-engine/reply-rules.ts';
import { burstDueAt, quietWindow } from '../src/domain/conversation-rules/burst-due.ts';
import { isOptOut } from '../src/domain/conversation-rules/opt-out.ts';
import {
  CUSTOMER_JID,
  CUSTOMER_LID,
  CUSTOMER_PHONE,
  fixtures,
  GROUP_JID,
  PNG_BASE64,
} from './fixtures/engine-webhooks.ts';

describe('mapping gateway messages', () => {
  it('maps text and extended text to text', () => {
    expect(mapGatewayMessage(fixtures.text('Olá'))).toMatchObject({
      type: 'text',
      content: 'Olá',
      fromMe: false,
      pushName: 'Carla Dias',
      media: null,
    });
    expect(mapGatewayMessage(fixtures.extendedText('Vi o anúncio'))).toMatchObject({
      type: 'text',
      content: 'Vi o anúncio',
    });
  });

  it('maps image, video, voice note, audio, document and sticker with their media fields', () => {
    expect(mapGatewayMessage(fixtures.image())).toMatchObject({
      type: 'image',
      content: 'Olha essa foto',
      media: { mimetype: 'image/png', size: 68, width: 1, height: 1, base64: PNG_BASE64 },
    });
    expect(mapGatewayMessage(fixtures.video())).toMatchObject({
      type: 'video',
      content: 'Vídeo do produto',
      media: { duration: 12, size: 2048, width: 640 },
    });
    expect(mapGatewayMessage(fixtures.voiceNote())).toMatchObject({
      type: 'audio',
      content: null,
      media: { voiceNote: true, duration: 7, mimetype: 'audio/ogg; codecs=opus' },
    });
    expect(mapGatewayMessage(fixtures.audio())).toMatchObject({
      type: 'audio',
      media: { voiceNote: false, duration: 95 },
    });
    expect(mapGatewayMessage(fixtures.document())).toMatchObject({
      type: 'document',
      content: 'Segue o orçamento',
      media: { filename: 'orcamento.pdf', size: 4096, mimetype: 'application/pdf' },
    });
    expect(mapGatewayMessage(fixtures.sticker())).toMatchObject({
      type: 'sticker',
      content: null,
      media: { mimetype: 'image/webp' },
    });
  });

  it('maps location and contact to the JSON content of docs/product/data.md', () => {
    const loc = mapGatewayMessage(fixtures.location())!;
    expect(loc.type).toBe('location');
    expect(JSON.parse(loc.content!)).toEqual({
      address: 'Loja Paulista — Av. Paulista, 1000 - São Paulo',
      lat: -23.5613,
      lng: -46.6565,
    });
    const contact = mapGatewayMessage(fixtures.contact())!;
    expect(contact.type).toBe('contact');
    expect(JSON.parse(contact.content!)).toEqual({ name: 'João Pereira', phone: '5521977776666' });
  });

  it('stores anything else as unsupported', () => {
    expect(mapGatewayMessage(fixtures.reaction())).toMatchObject({ type: 'unsupported', content: null });
    expect(mapGatewayMessage(fixtures.poll())).toMatchObject({ type: 'unsupported' });
  });

  it('recognises reactions, deletions and edits (2.3.7 and older shapes) as changes of another message', () => {
    const key = { remoteJid: CUSTOMER_JID, fromMe: true, id: 'TARGET' };
    expect(mapChange({ reactionMessage: { key, text: '👍' } })).toEqual({
      kind: 'reaction',
      targetId: 'TARGET',
      emoji: '👍',
    });
    expect(mapChange({ reactionMessage: { key, text: '' } })).toEqual({
      kind: 'reaction',
      targetId: 'TARGET',
      emoji: null,
    });
    expect(mapChange({ protocolMessage: { key, type: 'REVOKE' } })).toEqual({ kind: 'revoke', targetId: 'TARGET' });
    expect(mapChange({ protocolMessage: { key, type: 0 } })).toEqual({ kind: 'revoke', targetId: 'TARGET' });
    expect(
      mapChange({
        editedMessage: {
          message: { protocolMessage: { key, type: 'MESSAGE_EDIT', editedMessage: { conversation: 'novo' } } },
        },
      }),
    ).toEqual({
      kind: 'edit',
      targetId: 'TARGET',
      content: 'novo',
    });
    expect(
      mapChange({
        protocolMessage: { key, type: 14, editedMessage: { extendedTextMessage: { text: 'antigo formato' } } },
      }),
    ).toEqual({
      kind: 'edit',
      targetId: 'TARGET',
      content: 'antigo formato',
    });
    // Other protocol messages (ephemeral settings…) and an edit without a target are no turn either.
    expect(mapChange({ protocolMessage: { type: 'EPHEMERAL_SETTING', ephemeralExpiration: 86400 } })).toEqual({
      kind: 'other',
    });
    expect(mapChange({ editedMessage: { message: { conversation: 'sem alvo' } } })).toEqual({ kind: 'other' });
    expect(mapChange({ ephemeralMessage: { message: { reactionMessage: { key, text: '😂' } } } })).toMatchObject({
      kind: 'reaction',
      emoji: '😂',
    });
    expect(mapChange({ conversation: 'Olá' })).toBeNull();
    expect(mapGatewayMessage(fixtures.text('Olá'))!.change).toBeNull();
  });

  it('unwraps ephemeral and view-once messages', () => {
    const wrapped = fixtures.text();
    wrapped.message = {
      ephemeralMessage: {
        message: { viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'uma vez' } } } },
      },
    };
    expect(mapGatewayMessage(wrapped)).toMatchObject({ type: 'image', content: 'uma vez' });
  });

  it('recognises groups: keyed by the group JID, no phone, the member as participant', () => {
    const m = mapGatewayMessage(fixtures.group())!;
    expect(m.chat).toEqual({ jid: GROUP_JID, lid: null, phone: null, isGroup: true });
    expect(m.participant).toBe(CUSTOMER_JID);
  });

  it('resolves @lid through remoteJidAlt and keeps both, for every gateway version', () => {
    // 2.3.5–2.3.6: remoteJid = lid, alt = pn
    expect(mapGatewayMessage(fixtures.lid())!.chat).toEqual({
      jid: CUSTOMER_JID,
      lid: CUSTOMER_LID,
      phone: CUSTOMER_PHONE,
      isGroup: false,
    });
    // 2.4-rc: swapped
    expect(mapChat({ remoteJid: CUSTOMER_JID, remoteJidAlt: CUSTOMER_LID })).toEqual({
      jid: CUSTOMER_JID,
      lid: CUSTOMER_LID,
      phone: CUSTOMER_PHONE,
      isGroup: false,
    });
    // 2.3.7: both the phone JID
    expect(mapChat({ remoteJid: CUSTOMER_JID, remoteJidAlt: CUSTOMER_JID })).toEqual({
      jid: CUSTOMER_JID,
      lid: null,
      phone: CUSTOMER_PHONE,
      isGroup: false,
    });
    // no alt at all: the lid is all there is
    expect(mapChat({ remoteJid: CUSTOMER_LID })).toEqual({
      jid: CUSTOMER_LID,
      lid: CUSTOMER_LID,
      phone: null,
      isGroup: false,
    });
    // device suffix
    expect(mapChat({ remoteJid: `${CUSTOMER_PHONE}:12@s.whatsapp.net` }).jid).toBe(CUSTOMER_JID);
  });

  it('marks fromMe and never takes the owner’s pushName as the contact’s name', () => {
    const m = mapGatewayMessage(fixtures.fromMe())!;
    expect(m.fromMe).toBe(true);
    expect(m.pushName).toBeNull();
  });

  it('refuses a payload without a usable key', () => {
    expect(mapGatewayMessage({} as never)).toBeNull();
    expect(mapGatewayMessage({ key: { remoteJid: CUSTOMER_JID, fromMe: false, id: '' } } as never)).toBeNull();
  });

  it('reads proto numbers in every encoding', () => {
    expect(protoInt(5)).toBe(5);
    expect(protoInt('123')).toBe(123);
    expect(protoInt({ low: 10, high: 1, unsigned: true })).toBe(2 ** 32 + 10);
    expect(protoInt(null)).toBeNull();
    expect(phoneFromVcard('TEL;type=CELL:+55 11 98888-7777')).toBe('5511988887777');
  });

  it('maps delivery receipts and writes previews', () => {
    expect(['SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED', 'ERROR', 'PENDING'].map(mapDeliveryStatus)).toEqual([
      'sent',
      'delivered',
      'read',
      'read',
      'failed',
      null,
    ]);
    expect(messagePreview(mapGatewayMessage(fixtures.voiceNote())!)).toBe('🎤 Mensagem de voz');
    expect(messagePreview(mapGatewayMessage(fixtures.document())!)).toBe('📄 orcamento.pdf');
    expect(messagePreview(mapGatewayMessage(fixtures.image())!)).toBe('📷 Foto: Olha essa foto');
  });
});

describe('reply rules', () => {
  it('uses the agent delay as quiet time with a floor, capped at 2× and 120 s', () => {
    expect(quietWindow(0, 2000)).toEqual({ quietMs: 2000, capMs: 4000 });
    expect(quietWindow(10, 2000)).toEqual({ quietMs: 10_000, capMs: 20_000 });
    expect(quietWindow(90, 2000)).toEqual({ quietMs: 90_000, capMs: 120_000 });
    expect(quietWindow(0, 0)).toEqual({ quietMs: 0, capMs: 0 });
    const first = new Date('2026-01-01T10:00:00Z');
    const w = quietWindow(10, 2000);
    expect(burstDueAt(first, new Date('2026-01-01T10:00:05Z'), w).toISOString()).toBe('2026-01-01T10:00:15.000Z');
    // A chatty customer cannot postpone past the cap.
    expect(burstDueAt(first, new Date('2026-01-01T10:00:19Z'), w).toISOString()).toBe('2026-01-01T10:00:20.000Z');
  });

  // The whole table of phrasings: domain/conversation-rules/opt-out.test.ts (decision 048).
  it('recognises an opt-out, whatever the case, accents or punctuation', () => {
    for (const t of ['sair', 'SAIR', 'Parar!', ' pare. ', 'STOP', 'Sáir', 'parar 🛑', 'quero sair da lista depois'])
      expect(isOptOut(t)).toBe(true);
    for (const t of ['não pare', 'stop motion', '', null]) expect(isOptOut(t)).toBe(false);
  });

  it('judges staleness against arrival time', () => {
    const at = new Date('2026-01-01T10:10:00Z');
    expect(isStale(new Date('2026-01-01T10:00:00Z'), at, 180_000)).toBe(true);
    expect(isStale(new Date('2026-01-01T10:09:30Z'), at, 180_000)).toBe(false);
    expect(isStale(null, at, 180_000)).toBe(false);
  });

  it('keeps short answers whole and splits long ones on paragraphs, never over 4,096 characters', () => {
    expect(splitReply('  Olá! Tudo bem?  ')).toEqual(['Olá! Tudo bem?']);
    expect(splitReply('   ')).toEqual([]);
    const p = (n: number, c: string) => `${c.repeat(n - 1)}.`;
    const parts = splitReply([p(400, 'a'), p(400, 'b'), p(400, 'c')].join('\n\n'));
    expect(parts).toEqual([p(400, 'a'), p(400, 'b'), p(400, 'c')]);
    // Eight paragraphs of ~500 characters: a few messages, each on paragraph boundaries.
    const long = Array.from({ length: 8 }, (_, i) => `Parágrafo ${i}. ${'palavra '.repeat(60)}`.trim()).join('\n\n');
    const few = splitReply(long);
    expect(few.length).toBeLessThanOrEqual(4);
    expect(few.length).toBeGreaterThan(1);
    for (const s of few) expect(s.startsWith('Parágrafo')).toBe(true);
    // However long the answer, no message is over 4,096 characters and nothing is lost.
    const huge = Array.from({ length: 30 }, (_, i) => `Parágrafo ${i}. ${'palavra '.repeat(120)}`).join('\n\n');
    const split = splitReply(huge);
    for (const s of split) expect(s.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX);
    expect(split.join(' ').replace(/\s+/g, ' ')).toBe(huge.replace(/\s+/g, ' ').trim());
    const oneBlock = 'frase longa. '.repeat(1000);
    for (const s of hardSplit(oneBlock, WHATSAPP_TEXT_MAX)) expect(s.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX);
    expect(splitReply(oneBlock).every((s) => s.length <= WHATSAPP_TEXT_MAX)).toBe(true);
  });

  it('builds the AI context oldest first, describing media and skipping failed sends', () => {
    const base = { mediaFilename: null, mediaDuration: null, status: 'received' };
    const history = buildHistory([
      { ...base, direction: 'in', messageType: 'audio', content: null, mediaDuration: 7 },
      { ...base, direction: 'out', messageType: 'text', content: 'resposta que falhou', status: 'failed' },
      { ...base, direction: 'out', messageType: 'text', content: 'Oi! Como posso ajudar?', status: 'sent' },
      { ...base, direction: 'in', messageType: 'image', content: 'esse aqui' },
      { ...base, direction: 'in', messageType: 'text', content: 'Olá' },
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'Olá' },
      { role: 'user', content: '[o cliente enviou uma imagem: esse aqui]' },
      { role: 'assistant', content: 'Oi! Como posso ajudar?' },
      { role: 'user', content: '[o cliente enviou um áudio de 7 s]' },
    ]);
  });
});
