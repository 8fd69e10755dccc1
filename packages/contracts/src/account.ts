import { z } from 'zod';
import { attendantPermissionsSchema } from './team.ts';

/** The business's time zone when the owner has not chosen one. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** True for a time zone this runtime knows (IANA name such as 'America/Manaus'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().trim().refine(isTimeZone, { error: 'Fuso horário inválido.' });

export const planSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int().nullable(),
  isFeatured: z.boolean(),
  sortOrder: z.number().int(),
  maxAiMessages: z.number().int(),
  maxAgents: z.number().int(),
  maxInstances: z.number().int(),
  maxTrainnings: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * GET /api/account/me (and /session). An attendant reads only what the inbox needs: the account's
 * personal phone, subscription and plan (its price) are the owner's and come back null
 * (docs/decisions/052-attendant-permissions-and-number-claims.md).
 */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** Confirmed through the e-mailed link (docs/decisions/051-verified-email-and-membership-end.md). */
    emailVerified: z.boolean(),
  }),
  profile: z.object({
    phone: z.string().nullable(),
    countryCode: z.string().nullable(),
    subscriptionStatus: z.string().nullable(),
    /** IANA time zone of the business; 'America/Sao_Paulo' unless the owner changed it. */
    timeZone: z.string(),
  }),
  plan: planSchema.nullable(),
  /** Label shown in the header: 'Gratuito' for no plan or a freemium plan (docs/product/screens.md). */
  planLabel: z.string(),
  /**
   * The person's place in the account (docs/decisions/044-team-roles-and-assignment.md): `user` is the
   * person signed in; profile and plan are the account's. `size`: people in the account, owner included.
   */
  team: z.object({
    role: z.enum(['owner', 'attendant']),
    accountId: z.string(),
    accountName: z.string(),
    size: z.number().int(),
    /** What the owner lets attendants do (the owner may do all of it whatever these say). */
    permissions: attendantPermissionsSchema,
  }),
});
export type Me = z.infer<typeof meSchema>;

/** POST /api/account/email-verification/confirm: the code of the e-mailed `/confirmar-email?code=…` link. */
export const confirmEmailSchema = z.object({
  code: z
    .string({ error: 'Link de confirmação inválido.' })
    .trim()
    .min(1, { error: 'Link de confirmação inválido.' })
    .max(4000),
});
export const confirmEmailResultSchema = z.object({ status: z.literal('confirmed') });
/** POST /api/account/email-verification: where the new link went. */
export const resendVerificationResultSchema = z.object({ sentTo: z.string() });

/** GET /api/account/session: the signed-in user, or null — a 200 either way, so probing a signed-out visit logs no error. */
export const sessionSchema = z.object({ me: meSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

/** One row per user: plan limits and what is used (docs/product/data.md, user_current_usage). */
export const currentUsageSchema = z.object({
  total_trainnings: z.number().int(),
  max_trainnings: z.number().int(),
  qtd_agentes: z.number().int(),
  max_ai_responses: z.number().int(),
  qtd_instancias: z.number().int(),
  max_instances: z.number().int(),
  ai_messages: z.number().int(),
  max_ai_messages: z.number().int(),
  /** Media the AI understood this month (docs/decisions/016-media-understanding.md): each a provider call. */
  media: z.object({
    transcriptions: z.number().int(),
    transcribed_seconds: z.number().int(),
    descriptions: z.number().int(),
    documents: z.number().int(),
  }),
  /**
   * Playground answers plus prompt-coach suggestions this calendar month, against the plan's own
   * allowance for them (docs/decisions/021-spend-and-abuse-limits.md).
   */
  test_messages: z.number().int(),
  max_test_messages: z.number().int(),
  /**
   * AI assists this calendar month (docs/decisions/050-upload-and-model-call-limits.md): price lists read
   * by the AI, training questions, transcripts/descriptions asked in the inbox; `ai_assists` is their sum.
   */
  ai_assists: z.number().int(),
  max_ai_assists: z.number().int(),
  ai_assists_by_kind: z.object({
    price_list: z.number().int(),
    training_questions: z.number().int(),
    media_requests: z.number().int(),
  }),
});
export type CurrentUsage = z.infer<typeof currentUsageSchema>;

export const activatePlanSchema = z.object({ planId: z.string().min(1, { error: 'Plano não fornecido' }) });

/** POST /api/account/register → 201 with the new user (the session cookie comes in set-cookie). */
export const registerResultSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;
