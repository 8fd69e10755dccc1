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

  /** A change of the WABA itself (not of a number's messages): templates' status and category. */
  function postAccountChange(wabaId: string, field: string, value: Record<string, unknown>) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
    };
    const signature = createHmac('sha256', options.appSecret).update(JSON.stringify(body)).digest('hex');
    options.dispatcher.dispatch(
      `meta-waba:${wabaId}`,
      { url: options.url, headers: { 'x-hub-signature-256': `sha256=${signature}` } },
      body,
    );
  }

  return {
    /**
     * A template's status changed (message_template_status_update webhook reference,
     * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update/):
     * `reason` is NONE unless rejected; `rejection_info` only on INVALID_FORMAT; `disable_info` when disabled.
     */
    templateStatus(
      t: { wabaId: string; id: string; name: string; language: string; category: string },
      event: string,
      reason: string | null,
    ) {
      postAccountChange(t.wabaId, 'message_template_status_update', {
        event,
        message_template_id: Number(t.id),
        message_template_name: t.name,
        message_template_language: t.language,
        reason: reason ?? 'NONE',
        message_template_category: t.category,
        ...(event === 'DISABLED' ? { disable_info: { disable_date: Math.floor(Date.now() / 1000) } } : {}),
        ...(reason === 'INVALID_FORMAT'
          ? {
              rejection_info: {
                reason: 'The template has a formatting problem in its variable parameters.',
                recommendation: 'Check the variable parameters and their samples.',
              },
            }
          : {}),
      });
    },

    /**
     * A number's quality or messaging limit changed (phone_number_quality_update webhook reference,
     * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update):
     * a change of the WABA naming the number by its display phone number, the event, the tier as
     * `current_limit` (to be removed) and `max_daily_conversations_per_business`, and `old_limit` only when the
     * messaging limit moved.
     */
    qualityUpdate(number: FakeNumber, event: string, oldTier: string | null) {
      postAccountChange(number.wabaId, 'phone_number_quality_update', {
        display_phone_number: number.display,
        event,
        ...(oldTier ? { old_limit: oldTier } : {}),
        current_limit: number.tier,
        max_daily_conversations_per_business: number.tier,
      });
    },

    /**
     * Meta moved a template to another category (template_category_update webhook reference,
     * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update/):
     * a completed change, with `previous_category` and `new_category`.
     */
    templateCategory(
      t: { wabaId: string; id: string; name: string; language: string },
      previous: string,
      next: string,
    ) {
      postAccountChange(t.wabaId, 'template_category_update', {
        message_template_id: Number(t.id),
        message_template_name: t.name,
        message_template_language: t.language,
        previous_category: previous,
        new_category: next,
      });
    },

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
