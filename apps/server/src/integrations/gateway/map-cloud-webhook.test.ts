import { describe, expect, it } from 'vitest';
import { cloudWebhookErrors, mapCloudWebhook } from './map-cloud-webhook.ts';
import type { GatewayMessage } from './gateway.ts';
import { mapGatewayMessage } from './map-gateway-message.ts';

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

  it('skips what it does not know without throwing', () => {
    expect(mapCloudWebhook(null)).toEqual([]);
    expect(cloudWebhookErrors(null)).toEqual([]);
    expect(mapCloudWebhook({ entry: [{ changes: [{ value: { messages: [{ id: 'x' }] } }] }] })).toEqual([]);
  });
});
