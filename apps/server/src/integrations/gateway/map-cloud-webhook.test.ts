import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cloudHandovers, cloudQualityUpdates, cloudWebhookErrors, mapCloudWebhook } from './map-cloud-webhook.ts';
import { cloudTemplateUpdates } from './cloud-template-webhook.ts';
import type { GatewayMessage } from './gateway.ts';
import { mapGatewayMessage } from './map-gateway-message.ts';
import { metaFixture } from '../../../test/helpers/meta-fixtures.ts';

const webhook = (messages: unknown[]) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { metadata: { phone_number_id: 'PNID' }, messages } }] }],
});

describe('Cloud API webhook mapping', () => {
  it("maps a voice note and a captioned image to Evolution's messageRaw, keeping Meta's media id", () => {
    const [voice, image] = mapCloudWebhook(
      webhook([
        {
          from: '5511988887777',
          id: 'wamid.AUDIO',
          timestamp: '1750263773',
          type: 'audio',
          audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'h', id: '1003383421387256', voice: true },
        },
        {
          from: '5511988887777',
          id: 'wamid.IMG',
          timestamp: '1750263773',
          type: 'image',
          image: { caption: 'Esse aqui', mime_type: 'image/jpeg', sha256: 'h', id: '1234' },
        },
      ]),
    );
    expect(voice).toMatchObject({ phoneNumberId: 'PNID', event: 'messages.upsert', eventKey: 'wamid.AUDIO' });
    expect(voice!.data.message).toMatchObject({ audioMessage: { mediaId: '1003383421387256', ptt: true } });
    const mapped = mapGatewayMessage(image!.data as unknown as GatewayMessage);
    expect(mapped).toMatchObject({ externalId: 'wamid.IMG', fromMe: false, type: 'image', content: 'Esse aqui' });
  });

  // Payloads below follow the shapes of Meta's Cloud API webhook reference ("messages" field).
  const from = '5511988887777';
  const one = (message: Record<string, unknown>) => {
    const [event] = mapCloudWebhook(webhook([{ from, timestamp: '1750263773', ...message }]));
    return mapGatewayMessage(event!.data as unknown as GatewayMessage);
  };

  it('maps a text and a reply to an earlier message (context) as the customer wrote them', () => {
    expect(one({ id: 'wamid.T', type: 'text', text: { body: 'Oi, tem bolo?' } })).toMatchObject({
      externalId: 'wamid.T',
      type: 'text',
      content: 'Oi, tem bolo?',
    });
    const reply = mapCloudWebhook(
      webhook([
        {
          from,
          id: 'wamid.R',
          timestamp: '1750263773',
          type: 'text',
          text: { body: 'Esse mesmo' },
          context: { from: '15550001111', id: 'wamid.ORIGINAL' },
        },
      ]),
    )[0]!;
    expect(reply.data.message).toMatchObject({
      extendedTextMessage: { text: 'Esse mesmo', contextInfo: { stanzaId: 'wamid.ORIGINAL' } },
    });
    expect(mapGatewayMessage(reply.data as unknown as GatewayMessage)).toMatchObject({ content: 'Esse mesmo' });
  });

  it('reads interactive button and list replies, and template quick-reply buttons, as what was tapped', () => {
    expect(
      one({
        id: 'wamid.B',
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'sim', title: 'Quero comprar' } },
      }),
    ).toMatchObject({ type: 'text', content: 'Quero comprar' });
    expect(
      one({
        id: 'wamid.L',
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'p2', title: 'Bolo de cenoura', description: 'Fatia' } },
      }),
    ).toMatchObject({ type: 'text', content: 'Bolo de cenoura' });
    expect(one({ id: 'wamid.Q', type: 'button', button: { payload: 'PARAR', text: 'Parar promoções' } })).toMatchObject(
      {
        type: 'text',
        content: 'Parar promoções',
      },
    );
  });

  it('maps a reaction to a change of the message it targets, and an empty emoji to its removal', () => {
    expect(
      one({ id: 'wamid.RX', type: 'reaction', reaction: { message_id: 'wamid.OURS', emoji: '\u{1F44D}' } }),
    ).toMatchObject({ change: { kind: 'reaction', targetId: 'wamid.OURS', emoji: '\u{1F44D}' } });
    expect(one({ id: 'wamid.RX2', type: 'reaction', reaction: { message_id: 'wamid.OURS', emoji: '' } })).toMatchObject(
      {
        change: { kind: 'reaction', targetId: 'wamid.OURS', emoji: null },
      },
    );
  });

  it('maps a shared contact card, a location and a catalogue order', () => {
    expect(
      one({
        id: 'wamid.C',
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Maria Souza', first_name: 'Maria' },
            phones: [{ phone: '+55 11 97777-6666', wa_id: '5511977776666', type: 'CELL' }],
          },
        ],
      }),
    ).toMatchObject({ type: 'contact', content: JSON.stringify({ name: 'Maria Souza', phone: '5511977776666' }) });
    expect(
      one({
        id: 'wamid.LOC',
        type: 'location',
        location: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista, 1000' },
      }),
    ).toMatchObject({ type: 'location' });
    const order = one({
      id: 'wamid.O',
      type: 'order',
      order: {
        catalog_id: 'CAT',
        text: 'Pode entregar hoje?',
        product_items: [{ product_retailer_id: 'bolo-cenoura', quantity: '2', item_price: '35.5', currency: 'BRL' }],
      },
    });
    expect(order).toMatchObject({ type: 'text' });
    expect(order!.content).toContain('2 × bolo-cenoura — R$');
    expect(order!.content).toContain('35,50 cada');
    expect(order!.content).toContain('Pode entregar hoje?');
  });

  it('maps sent, delivered, read and failed statuses to receipts, keeping the failure reason once per status', () => {
    const statuses = (list: unknown[]) => ({
      entry: [{ changes: [{ value: { metadata: { phone_number_id: 'PNID' }, statuses: list } }] }],
    });
    const base = { id: 'wamid.OUT', recipient_id: from, timestamp: '1750263800' };
    const events = mapCloudWebhook(
      statuses([
        { ...base, status: 'sent', conversation: { id: 'c1', origin: { type: 'service' } } },
        { ...base, status: 'delivered' },
        { ...base, status: 'read' },
        {
          ...base,
          status: 'failed',
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: { details: 'Message failed to send because more than 24 hours have passed' },
            },
          ],
        },
      ]),
    );
    expect(events.map((e) => [e.event, e.eventKey, e.data.status])).toEqual([
      ['messages.update', 'wamid.OUT:SERVER_ACK', 'SERVER_ACK'],
      ['messages.update', 'wamid.OUT:DELIVERY_ACK', 'DELIVERY_ACK'],
      ['messages.update', 'wamid.OUT:READ', 'READ'],
      ['messages.update', 'wamid.OUT:ERROR', 'ERROR'],
    ]);
    expect(events[3]!.data).toMatchObject({
      keyId: 'wamid.OUT',
      fromMe: true,
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
  });

  it("maps the owner's message from the WhatsApp Business app (coexistence echo) to a fromMe upsert", () => {
    const [echo] = mapCloudWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'smb_message_echoes',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: 'PNID' },
                message_echoes: [
                  {
                    from: '15550783881',
                    to: from,
                    id: 'wamid.ECHO',
                    timestamp: '1750263773',
                    type: 'text',
                    text: { body: 'Oi, aqui é a dona!' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(echo).toMatchObject({ phoneNumberId: 'PNID', event: 'messages.upsert', eventKey: 'wamid.ECHO' });
    expect(mapGatewayMessage(echo!.data as unknown as GatewayMessage)).toMatchObject({
      externalId: 'wamid.ECHO',
      fromMe: true,
      chat: { jid: `${from}@s.whatsapp.net`, phone: from },
      type: 'text',
      content: 'Oi, aqui é a dona!',
    });
  });

  it("marks the customer's messages on the standby field and reads messaging_handovers (Meta's fixtures)", () => {
    const fixtures = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/meta-cloud/inbound-webhooks.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const [standby] = mapCloudWebhook(fixtures.standby);
    expect(standby).toMatchObject({
      phoneNumberId: '106540352242922',
      event: 'messages.upsert',
      data: { standby: true, key: { remoteJid: '5511977776666@s.whatsapp.net', fromMe: false } },
    });
    expect(mapGatewayMessage(standby!.data as unknown as GatewayMessage)?.content).toBe('Vocês entregam hoje?');
    expect(mapCloudWebhook(fixtures.messagingHandovers)).toEqual([]);
    expect(cloudHandovers(fixtures.messagingHandovers)).toEqual([
      { phoneNumberId: '106540352242922', waId: '5511977776666', control: 'passed' },
    ]);
    expect(cloudHandovers(fixtures.standby)).toEqual([]);
  });

  it('lists the errors Meta reports outside messages', () => {
    const body = {
      entry: [
        {
          changes: [
            {
              value: {
                metadata: { phone_number_id: 'PNID' },
                errors: [{ code: 131056, title: '(Business Account, Consumer Account) pair rate limit hit' }],
              },
            },
          ],
        },
      ],
    };
    expect(cloudWebhookErrors(body)).toEqual([
      { phoneNumberId: 'PNID', code: 131056, title: '(Business Account, Consumer Account) pair rate limit hit' },
    ]);
  });

  // Meta's documented payload for a user with a username whose phone is hidden (fixture userIdOnly:
  // https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/).
  it('keys a message without the phone by its business-scoped user id, named by the profile', () => {
    const [event] = mapCloudWebhook(metaFixture('inbound-webhooks').userIdOnly);
    expect(event).toMatchObject({ phoneNumberId: '106540352242922', event: 'messages.upsert' });
    expect(event!.data).toMatchObject({
      key: { remoteJid: 'BR.1502576394655843', userId: 'BR.1502576394655843', fromMe: false },
      pushName: 'Marina',
    });
    const mapped = mapGatewayMessage(event!.data as unknown as GatewayMessage);
    expect(mapped).toMatchObject({
      chat: { jid: 'BR.1502576394655843', phone: null, userId: 'BR.1502576394655843', isGroup: false },
      pushName: 'Marina',
      content: 'Oi, quero um bolo',
    });
  });

  it('keeps the phone JID and the user id when both come; the username names a user without a profile name', () => {
    const value = {
      metadata: { phone_number_id: 'PNID' },
      contacts: [{ profile: { username: '@ana' }, wa_id: '5511988887777', user_id: 'BR.77' }],
      messages: [{ from: '5511988887777', from_user_id: 'BR.77', id: 'wamid.B', type: 'text', text: { body: 'oi' } }],
    };
    const body = { entry: [{ changes: [{ field: 'messages', value }] }] };
    const [event] = mapCloudWebhook(body);
    expect(mapGatewayMessage(event!.data as unknown as GatewayMessage)).toMatchObject({
      chat: { jid: '5511988887777@s.whatsapp.net', phone: '5511988887777', userId: 'BR.77' },
      pushName: '@ana',
    });
  });

  it('reads a status of a send to a BSUID by recipient_user_id', () => {
    const body = {
      entry: [
        {
          changes: [
            {
              value: {
                metadata: { phone_number_id: 'PNID' },
                statuses: [
                  {
                    id: 'wamid.OUT',
                    status: 'delivered',
                    timestamp: '1750263800',
                    recipient_user_id: 'BR.1502576394655843',
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(mapCloudWebhook(body)[0]!.data).toMatchObject({ keyId: 'wamid.OUT', remoteJid: 'BR.1502576394655843' });
  });

  // https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update
  it('reads a number’s quality flag and messaging limit (phone_number_quality_update)', () => {
    const change = (value: object) => ({
      object: 'whatsapp_business_account',
      entry: [{ id: '102290129340398', time: 1748454394, changes: [{ value, field: 'phone_number_quality_update' }] }],
    });
    expect(
      cloudQualityUpdates(change({ display_phone_number: '15550783881', event: 'FLAGGED', current_limit: 'TIER_1K' })),
    ).toEqual([{ wabaId: '102290129340398', phone: '15550783881', event: 'FLAGGED', rating: 'RED', limit: 'TIER_1K' }]);
    // DOWNGRADE moves the limit, not the rating (it pauses campaigns by itself, decision 078).
    expect(
      cloudQualityUpdates(
        change({
          display_phone_number: '15550783881',
          event: 'DOWNGRADE',
          old_limit: 'TIER_1K',
          current_limit: 'TIER_250',
        }),
      ),
    ).toEqual([
      { wabaId: '102290129340398', phone: '15550783881', event: 'DOWNGRADE', rating: null, limit: 'TIER_250' },
    ]);
    expect(
      cloudQualityUpdates(
        change({
          display_phone_number: '+1 555-078-3881',
          event: 'THROUGHPUT_UPGRADE',
          current_limit: 'TIER_10K',
          max_daily_conversations_per_business: 'TIER_UNLIMITED',
        }),
      ),
    ).toEqual([
      {
        wabaId: '102290129340398',
        phone: '15550783881',
        event: 'THROUGHPUT_UPGRADE',
        rating: null,
        limit: 'TIER_UNLIMITED',
      },
    ]);
    expect(cloudQualityUpdates(change({ event: 'UNFLAGGED' }))).toEqual([]);
  });

  it('skips what it does not know without throwing', () => {
    expect(mapCloudWebhook(null)).toEqual([]);
    expect(cloudWebhookErrors(null)).toEqual([]);
    expect(mapCloudWebhook({ entry: [{ changes: [{ value: { messages: [{ id: 'x' }] } }] }] })).toEqual([]);
  });
});

describe('templates’ status and category (docs/decisions/075-template-submission.md)', () => {
  const change = (field: string, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', time: 1751247548, changes: [{ value, field }] }],
  });
  // https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update/
  it('reads message_template_status_update: the event, Meta’s reason (NONE is none) and rejection_info', () => {
    const rejected = change('message_template_status_update', {
      event: 'REJECTED',
      message_template_id: 1689556908129832,
      message_template_name: 'order_confirmation',
      message_template_language: 'en-US',
      reason: 'INVALID_FORMAT',
      message_template_category: 'MARKETING',
      rejection_info: { reason: 'Variable issue', recommendation: 'Fix the variables' },
    });
    expect(cloudTemplateUpdates(rejected)).toEqual([
      {
        wabaId: '102290129340398',
        metaId: '1689556908129832',
        name: 'order_confirmation',
        language: 'en-US',
        status: 'REJECTED',
        reason: 'INVALID_FORMAT',
        reasonDetail: 'Variable issue',
        category: 'MARKETING',
        previousCategory: null,
      },
    ]);
    const paused = change('message_template_status_update', {
      event: 'PAUSED',
      message_template_id: 7,
      message_template_name: 'x',
      message_template_language: 'pt_BR',
      reason: 'NONE',
      other_info: { title: 'FIRST_PAUSE', description: 'Paused for 3 hours' },
    });
    expect(cloudTemplateUpdates(paused)[0]).toMatchObject({ status: 'PAUSED', reason: null });
  });
  // https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update/
  it('reads a completed template_category_update; an impending one (correct_category) is not a change yet', () => {
    const done = change('template_category_update', {
      message_template_id: 278077987957091,
      message_template_name: 'welcome_template',
      message_template_language: 'en-US',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });
    expect(cloudTemplateUpdates(done)[0]).toMatchObject({
      status: null,
      category: 'MARKETING',
      previousCategory: 'UTILITY',
    });
    const soon = change('template_category_update', {
      message_template_id: 278077987957091,
      message_template_name: 'welcome_template',
      message_template_language: 'en-US',
      correct_category: 'MARKETING',
      new_category: 'UTILITY',
      category_update_timestamp: 1760711433,
    });
    expect(cloudTemplateUpdates(soon)).toEqual([]);
    expect(cloudTemplateUpdates(null)).toEqual([]);
  });
});
