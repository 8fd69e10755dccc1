import { createHmac } from 'node:crypto';
import type { WebhookDispatcher } from '../webhook-dispatcher.ts';
import { isBsuid } from '../../domain/phones/bsuid.ts';
import { SERVICE_BILLED_SINCE } from '../../domain/usage/cloud-prices.ts';
import type { FakeMessage, FakeNumber } from './graph-fake-state.ts';

/**
 * Meta's webhooks as the Cloud API sends them (`object: whatsapp_business_account`, one change of
 * field 'messages'), signed like Meta signs them: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the
 * exact body with the app secret>`, posted to the app's /webhooks/meta with Meta's retries left to the
 * simulator's dispatcher (docs/decisions/036-cloud-signup-window-pacing.md).
 */
export function createGraphFakeWebhooks(options: { dispatcher: WebhookDispatcher; url: string; appSecret: string }) {
  function post(number: FakeNumber, value: Record<string, unknown>) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: number.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: number.display, phone_number_id: number.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    };
    // The dispatcher serialises with JSON.stringify too: the signature covers exactly the bytes sent.
    const signature = createHmac('sha256', options.appSecret).update(JSON.stringify(body)).digest('hex');
    options.dispatcher.dispatch(
      `meta:${number.phoneNumberId}`,
      { url: options.url, headers: { 'x-hub-signature-256': `sha256=${signature}` } },
      body,
    );
  }

  const seconds = (ms: number) => String(Math.floor(ms / 1000));

  return {
    /**
     * A customer's text reached the number. A customer with a username who hides the phone is named by
     * the BSUID alone, as Meta does (Business-scoped user IDs: `contacts[].user_id`, `profile.username`,
     * `messages[].from_user_id`; no `wa_id`, no `from`).
     */
    customerText(
      number: FakeNumber,
      message: FakeMessage,
      profileName: string,
      username?: string,
      referral?: Record<string, unknown>,
    ) {
      const profile = { ...(profileName ? { name: profileName } : {}), ...(username ? { username } : {}) };
      const who = username ? { user_id: message.waId } : { wa_id: message.waId };
      post(number, {
        contacts: [{ profile, ...who }],
        messages: [
          {
            ...(username ? { from_user_id: message.waId } : { from: message.waId }),
            id: message.id,
            timestamp: seconds(message.at),
            type: 'text',
            text: { body: message.text },
            // Only on a message sent via a Click-to-WhatsApp ad (text message webhook reference, `referral`).
            ...(referral ? { referral } : {}),
          },
        ],
      });
    },

    /** A status of a message the number sent (sent, delivered, read), with the template's pricing category. */
    status(
      number: FakeNumber,
      message: FakeMessage,
      status: 'sent' | 'delivered' | 'read',
      at: number,
      freeEntry = false,
    ) {
      const category = message.template?.category.toLowerCase() ?? 'service';
      // As Meta prices it (status webhook reference, `pricing`): free text is charged from 1 October 2026
      // (docs/decisions/064-cloud-meter-and-one-balloon.md); `type` says whether it is, `billable` is the old field.
      // Inside the free entry point window (72 h after an ad's click) service messages are free: type 'free_entry_point'.
      const free = category === 'service' && freeEntry;
      const charged = !free && (category !== 'service' || message.at >= SERVICE_BILLED_SINCE.getTime());
      post(number, {
        statuses: [
          {
            id: message.id,
            status,
            timestamp: seconds(at),
            // Sent to a BSUID: Meta names the recipient by recipient_user_id (the phone may stay hidden).
            ...(isBsuid(message.waId) ? { recipient_user_id: message.waId } : { recipient_id: message.waId }),
            pricing: {
              billable: charged,
              pricing_model: 'PMP',
              category,
              type: charged ? 'regular' : free ? 'free_entry_point' : 'free_customer_service',
            },
          },
        ],
      });
    },
  };
}

export type GraphFakeWebhooks = ReturnType<typeof createGraphFakeWebhooks>;
