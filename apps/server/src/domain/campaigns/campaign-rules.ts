import { estimateBrl } from '../usage/cloud-prices.ts';

/**
 * The campaigns' safety rules, pure (docs/decisions/072-campaigns.md): who the QR track may reach, how
 * many a number sends a day (the warm-up of a new QR number, Meta's messaging limit tier on Cloud), when a
 * Cloud number's quality pauses a campaign, the spacing between sends and the cost shown before 'Enviar'.
 */

/** QR track: only contacts who wrote to the business in this many days. */
export const QR_RECENT_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * QR track: campaign messages a number sends a day. A new number warms up (WhatsApp watches a young
 * number that suddenly writes to many): 10 a day in its first week, 20 in the second, 40 to day 30, then 60.
 */
export function qrDailyLimit(numberCreatedAt: Date, now: Date): number {
  const ageDays = (now.getTime() - numberCreatedAt.getTime()) / DAY_MS;
  if (ageDays < 7) return 10;
  if (ageDays < 14) return 20;
  if (ageDays < 30) return 40;
  return 60;
}

/**
 * Cloud: the unique customers a business may start conversations with in a rolling 24 hours, by Meta's
 * messaging limit tier (https://developers.facebook.com/docs/whatsapp/messaging-limits). Unknown: the
 * lowest tier.
 */
export function cloudDailyLimit(tier: string | null): number {
  switch (tier) {
    case 'TIER_1K':
      return 1_000;
    case 'TIER_2K':
      return 2_000;
    case 'TIER_10K':
      return 10_000;
    case 'TIER_100K':
      return 100_000;
    case 'TIER_UNLIMITED':
    case 'UNLIMITED':
      return Number.MAX_SAFE_INTEGER;
    default:
      return 250;
  }
}

/**
 * Cloud: a campaign pauses by itself when the number's quality rating leaves green (Meta lowers the
 * messaging limit of a number whose rating stays low). The owner's Portuguese reason, or null.
 */
export function qualityPauseReason(rating: string | null): string | null {
  if (rating === 'YELLOW')
    return 'Pausada automaticamente: a qualidade do número na Meta caiu para média (amarelo). Espere voltar ao verde antes de continuar.';
  if (rating === 'RED')
    return 'Pausada automaticamente: a qualidade do número na Meta caiu para baixa (vermelho). Continuar agora pode limitar ou bloquear o número.';
  return null;
}

/**
 * Meta's `phone_number_quality_update` events that pause a campaign in progress at once
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update):
 * FLAGGED (the number's quality fell to low) and DOWNGRADE (Meta lowered its messaging limit). The owner's
 * Portuguese reason, or null for any other event (UNFLAGGED, UPGRADE, ONBOARDING, THROUGHPUT_UPGRADE…).
 */
export function qualityEventPauseReason(event: string | null): string | null {
  if (event === 'FLAGGED')
    return 'Pausada automaticamente: a Meta sinalizou a qualidade do número como baixa. Espere a qualidade voltar ao verde antes de retomar.';
  if (event === 'DOWNGRADE')
    return 'Pausada automaticamente: a Meta reduziu o limite de mensagens do número por causa da qualidade. Revise a mensagem e o público antes de retomar.';
  return null;
}

/**
 * Blocks rising (docs/decisions/078-campaign-reach-and-pause.md): within a campaign's run, the share of the
 * contacts it reached who then asked to stop — the 'Parar de receber' button or an opt-out reply, or Meta's
 * 131050 (the customer stopped marketing messages from the business) — pauses it once at least
 * BLOCKS_MIN_REACHED contacts were reached and the share passes BLOCKS_MAX_SHARE. Meta counts blocks and
 * reports into the quality rating without publishing a threshold; these are VendAI's, chosen in decision 078.
 */
export const BLOCKS_MIN_REACHED = 20;
export const BLOCKS_MAX_SHARE = 0.05;

export function blocksPauseReason(reached: number, stopped: number): string | null {
  if (reached < BLOCKS_MIN_REACHED || stopped / reached <= BLOCKS_MAX_SHARE) return null;
  const pct = Math.round((stopped / reached) * 100);
  return `Pausada automaticamente: ${stopped} de ${reached} clientes (${pct}%) pediram para parar de receber esta campanha. Muitos pedidos assim derrubam a qualidade do número na Meta; revise a mensagem e o público antes de retomar.`;
}

/** Meta's per-user marketing cap (error 131049): that contact is not tried again in this campaign. */
export const META_MARKETING_CAP_CODE = 131049;
/**
 * Meta's 131050: the customer stopped marketing messages from the business in WhatsApp (WhatsApp error codes,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/). Not tried
 * again, and counted among the campaign's stops (blocksPauseReason).
 */
export const META_MARKETING_STOPPED_CODE = 131050;
export const MARKETING_STOPPED_REASON =
  'O cliente parou de receber mensagens de marketing desta empresa no WhatsApp (erro 131050 da Meta). Não será tentado de novo.';
export const MARKETING_CAP_REASON =
  'A Meta não entregou para manter uma boa experiência do cliente (limite de mensagens de marketing por pessoa, erro 131049). Não será tentado de novo nesta campanha.';

/** The spacing between two sends: random on the QR track (people do not type at a fixed rhythm), steady on Cloud. */
export function nextGapMs(
  track: 'cloud' | 'qr',
  config: { qrMinGapMs: number; qrMaxGapMs: number; cloudGapMs: number },
  random: () => number = Math.random,
): number {
  if (track === 'cloud') return config.cloudGapMs;
  const span = Math.max(0, config.qrMaxGapMs - config.qrMinGapMs);
  return Math.round(config.qrMinGapMs + random() * span);
}

/** The estimate in reais shown before 'Enviar': Meta's marketing price per delivered template on Cloud; QR costs nothing. */
export function estimatedCostBrl(track: 'cloud' | 'qr', recipients: number): number {
  if (track === 'qr') return 0;
  return estimateBrl({ marketing: recipients, service: 0, utility: 0, authentication: 0 });
}

/** The next run of a monthly campaign: the same day and time a month later (the month's last day when shorter). */
export function nextMonthly(at: Date): Date {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}
