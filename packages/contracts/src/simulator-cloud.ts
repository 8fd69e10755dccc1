import { z } from 'zod';
import { SIM_LIMITS, simPhoneSchema } from './simulator.ts';

/**
 * The Cloud side of the 'Simulador de WhatsApp' page (/simulator/ui-api/cloud/*): the simulated
 * Meta Embedded Signup and the customers of the account's numbers connected through the official
 * API (the simulator's Graph-compatible fake). Off unless the simulator stands in for Meta.
 */

export const SIM_CLOUD_QUALITIES = ['GREEN', 'YELLOW', 'RED'] as const;
export const SIM_CLOUD_TIERS = ['TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
/**
 * Failures the simulator queues for a number's next sends: Meta's throughput (130429) and pair-rate (131056)
 * limits, a server error (131000), the per-user marketing cap (131049) and a customer who stopped the
 * business's marketing messages (131050).
 */
export const SIM_CLOUD_ERRORS = ['throughput', 'pair-rate', 'server', 'marketing-cap', 'marketing-stopped'] as const;

/**
 * The `phone_number_quality_update` events the simulator plays as Meta sends them (webhook reference,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update):
 * FLAGGED (quality fell to low), UNFLAGGED (back up), DOWNGRADE / UPGRADE (the messaging limit moved one tier).
 */
export const SIM_CLOUD_QUALITY_EVENTS = ['FLAGGED', 'UNFLAGGED', 'DOWNGRADE', 'UPGRADE'] as const;
export const simCloudQualitySchema = z.object({
  event: z.enum(SIM_CLOUD_QUALITY_EVENTS, { error: 'Evento de qualidade que a Meta não envia.' }),
});
export type SimCloudQualityInput = z.infer<typeof simCloudQualitySchema>;

/** Meta's rating moved with no webhook (YELLOW never comes in one): read by `GET /{phone-number-id}?fields=quality_rating`. */
export const simCloudRatingSchema = z.object({
  rating: z.enum(SIM_CLOUD_QUALITIES, { error: 'A qualidade é GREEN, YELLOW ou RED.' }),
});

export const simCloudNumberViewSchema = z.object({
  phoneNumberId: z.string(),
  display: z.string(),
  name: z.string().nullable(),
  quality: z.enum(SIM_CLOUD_QUALITIES),
  tier: z.enum(SIM_CLOUD_TIERS),
  pendingErrors: z.number().int(),
  /** Customers (wa_id) who see the number typing now: Meta's typing indicator, until the reply or 25 s. */
  typingTo: z.array(z.string()),
});
export type SimCloudNumberView = z.infer<typeof simCloudNumberViewSchema>;

export const simCloudMessageViewSchema = z.object({
  id: z.string(),
  waId: z.string(),
  fromMe: z.boolean(),
  type: z.string(),
  text: z.string(),
  template: z.object({ name: z.string(), category: z.string() }).nullable(),
  at: z.string(),
  status: z.string(),
});
export type SimCloudMessageView = z.infer<typeof simCloudMessageViewSchema>;

export const simCloudNumberParamsSchema = z.object({ phoneNumberId: z.string().min(1).max(40) });

/** A WhatsApp username as the simulator takes it: letters, digits, '.' and '_', 3 to 35 characters. */
export const SIM_USERNAME_INVALID = 'Nome de usuário inválido: use de 3 a 35 letras, números, ponto ou sublinhado.';

/**
 * The business-scoped user id (BSUID, docs/decisions/062-bsuid-contacts.md) the simulated Meta gives a
 * customer who writes with a username and no phone: stable for the customer's number, never a phone
 * itself ('BR.' and digits that are not the number's). The page shows that customer's chat under it.
 */
export function simBsuidOf(phoneDigits: string): string {
  const digits = phoneDigits.replace(/\D/g, '') || '0';
  return `BR.${(BigInt(digits) * 7919n + 1000003n).toString()}`;
}

export const simCloudSendSchema = z.object({
  waId: simPhoneSchema,
  name: z.string().trim().max(SIM_LIMITS.nameMax).optional(),
  /**
   * Write as a customer with a WhatsApp username who hides the phone: Meta's webhook then carries the
   * BSUID (`from_user_id`, `contacts[].user_id`) and `profile.username`, and no `from` / `wa_id`.
   */
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._]{3,35}$/, { error: SIM_USERNAME_INVALID })
    .optional(),
  text: z.string().trim().min(1, { error: 'Escreva uma mensagem.' }).max(SIM_LIMITS.textMax),
  /**
   * The customer tapped a Click-to-WhatsApp ad: the message carries Meta's `referral` (headline, the ad's id,
   * and a click id unless `noClickId`, as an ad on WhatsApp Status sends none).
   */
  ad: z
    .object({
      headline: z.string().trim().min(1, { error: 'Escreva o título do anúncio.' }).max(120),
      sourceId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, { error: 'O id do anúncio tem só números.' })
        .optional(),
      noClickId: z.boolean().optional(),
    })
    .optional(),
});
export type SimCloudSendInput = z.input<typeof simCloudSendSchema>;

export const simCloudErrorsSchema = z.object({
  kind: z.enum(SIM_CLOUD_ERRORS),
  count: z.number().int().min(0).max(20),
});
export type SimCloudErrorsInput = z.infer<typeof simCloudErrorsSchema>;

export const simCloudSignupSchema = z.object({
  phone: simPhoneSchema,
  name: z.string().trim().min(1, { error: 'Informe o nome da empresa.' }).max(SIM_LIMITS.nameMax),
  state: z.string().min(1).max(200),
});
export type SimCloudSignupInput = z.input<typeof simCloudSignupSchema>;

/** Where the dialog goes after the approval: the app's callback with the code and the state. */
export const simCloudSignupResultSchema = z.object({ redirect: z.string() });

/** The clock moves for one chat: its messages happened `hours` earlier (Meta's 24-hour window, tests and the page). */
export const simCloudAgeSchema = z.object({
  waId: simPhoneSchema,
  hours: z
    .number()
    .min(0)
    .max(24 * 30),
});
export type SimCloudAgeInput = z.infer<typeof simCloudAgeSchema>;

/** Meta's review as the simulator plays it (docs/decisions/075-template-submission.md). */
export const SIM_TEMPLATE_EVENTS = ['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export const SIM_TEMPLATE_REASONS = [
  'INVALID_FORMAT',
  'PROMOTIONAL',
  'ABUSIVE_CONTENT',
  'TAG_CONTENT_MISMATCH',
] as const;

export const simCloudTemplateParamsSchema = simCloudNumberParamsSchema.extend({
  templateId: z.string().min(1).max(40),
});
export const simCloudTemplateDecisionSchema = z.union([
  z.object({ event: z.enum(SIM_TEMPLATE_EVENTS), reason: z.enum(SIM_TEMPLATE_REASONS).optional() }),
  z.object({ category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']) }),
]);
export type SimCloudTemplateDecision = z.infer<typeof simCloudTemplateDecisionSchema>;
export const simCloudTemplateViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  body: z.string(),
  rejectedReason: z.string().nullable(),
});
export type SimCloudTemplateView = z.infer<typeof simCloudTemplateViewSchema>;
