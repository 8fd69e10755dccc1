/**
 * What Meta charges for a Cloud API message delivered to a Brazilian number, and the exchange rate the
 * estimate in reais uses (docs/decisions/064-cloud-meter-and-one-balloon.md). Meta bills in US dollars per
 * delivered message by category and the recipient's country
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing); Brazil's rate card
 * (effective 1 January 2026): marketing US$ 0.0625, utility and authentication US$ 0.0068. Since 1 October
 * 2026 service messages (free text inside the 24-hour window) are billed at the utility rate. These are
 * constants on purpose: the screen says "estimativa" and Meta's invoice is the bill; change them here when
 * Meta publishes a new rate card.
 */
export const USD_PER_MESSAGE_BRAZIL = {
  service: 0.0068,
  utility: 0.0068,
  authentication: 0.0068,
  marketing: 0.0625,
} as const;

/** Reais per US dollar for the estimate (the commercial rate's order of magnitude in November 2026). */
export const BRL_PER_USD = 5.4;

/** The day Meta started charging service messages (free text inside the customer-service window). */
export const SERVICE_BILLED_SINCE = new Date('2026-10-01T00:00:00Z');

export type MeteredCategory = keyof typeof USD_PER_MESSAGE_BRAZIL;

/** Meta's category as the meter counts it: its variants ('marketing_lite', 'authentication_international') folded in. */
export function meteredCategory(category: string): MeteredCategory {
  const c = category.toLowerCase();
  if (c.startsWith('marketing')) return 'marketing';
  if (c.startsWith('authentication')) return 'authentication';
  if (c === 'utility') return 'utility';
  return 'service';
}

/**
 * VendAI's own reading when Meta has not said (no status webhook with `pricing` yet): a template is
 * charged; free text is charged from 1 October 2026.
 */
export function billableByRule(category: MeteredCategory, at: Date): boolean {
  return category !== 'service' || at >= SERVICE_BILLED_SINCE;
}

/** The estimate in reais of these billable counts, rounded to centavos. */
export function estimateBrl(billable: Record<MeteredCategory, number>): number {
  const usd = (Object.keys(USD_PER_MESSAGE_BRAZIL) as MeteredCategory[]).reduce(
    (sum, c) => sum + billable[c] * USD_PER_MESSAGE_BRAZIL[c],
    0,
  );
  return Math.round(usd * BRL_PER_USD * 100) / 100;
}
