import type { Db } from '../../db/client.ts';
import { billableByRule, meteredCategory } from '../usage/cloud-prices.ts';
import { insertVendaiPricedSend, type MeteredNumber, upsertMetaPricing } from './cloud-meter-repository.ts';

/**
 * The meter of messages Meta accepted from Cloud API numbers (docs/decisions/064-cloud-meter-and-one-balloon.md):
 * one row per Meta message id, written by the door out when Meta accepts a send and corrected by Meta's
 * own `pricing` when a status webhook brings it (Meta's word wins; VendAI's reading never overwrites it).
 */

/**
 * A send Meta accepted: counted with VendAI's reading of its category (free text 'service', a template its own).
 * A service message to a customer inside Meta's free entry point window (72 h after the customer tapped a
 * Click-to-WhatsApp ad: `conversation_sources.free_entry_until`, docs/decisions/071-ad-attribution.md) is free;
 * read in the same statement, only when the recipient (`to`: digits or a JID) is given.
 */
export async function meterCloudSend(
  db: Db,
  m: { number: MeteredNumber; externalId: string; category: string; at?: Date; to?: string },
): Promise<void> {
  const at = m.at ?? new Date();
  const category = meteredCategory(m.category);
  const jid = m.to && /^\d+$/.test(m.to) ? `${m.to}@s.whatsapp.net` : (m.to ?? null);
  const billable =
    category === 'service' && jid && billableByRule(category, at)
      ? { freeEntryJid: jid }
      : billableByRule(category, at);
  await insertVendaiPricedSend(db, { number: m.number, externalId: m.externalId, category, at, billable });
}

/** Meta's `pricing` object of a status webhook, as it came (unchecked). */
export interface MetaPricing {
  billable?: unknown;
  category?: unknown;
  pricing_model?: unknown;
  type?: unknown;
}

/**
 * Meta's pricing of one of the number's messages (the status webhook's `pricing`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status/):
 * its category, and whether it is charged — `type` 'regular' is, 'free_customer_service' and
 * 'free_entry_point' are not; `billable` (deprecated by Meta) is read when `type` is missing.
 * Every status of a message carries it: the first one stores it, the others change nothing.
 */
export async function meterMetaPricing(
  db: Db,
  m: { numberId: string; externalId: string; pricing: MetaPricing; at: Date },
): Promise<void> {
  const { pricing } = m;
  if (typeof pricing.category !== 'string' || !pricing.category) return;
  const billable =
    typeof pricing.type === 'string'
      ? pricing.type === 'regular'
      : typeof pricing.billable === 'boolean'
        ? pricing.billable
        : null;
  if (billable === null) return;
  await upsertMetaPricing(db, {
    numberId: m.numberId,
    externalId: m.externalId,
    category: pricing.category.toLowerCase(),
    billable,
    at: m.at,
  });
}
