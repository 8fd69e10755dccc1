import { z } from 'zod';
import { timeZoneSchema } from './account.ts';

/**
 * The business's clock (/settings, 'Fuso horário'): the zone the AI's context block, business hours
 * and results per day are read in (docs/decisions/018-ai-context-block.md).
 */

/** Brazil's time zones as the owner picks them; `city` names the zone in the AI's context block. */
export const BRAZIL_TIME_ZONES = [
  { id: 'America/Sao_Paulo', city: 'Brasília', label: 'Brasília (UTC−3) — SP, RJ, MG, ES, Sul, GO, DF' },
  { id: 'America/Bahia', city: 'Salvador', label: 'Salvador (UTC−3) — BA' },
  { id: 'America/Fortaleza', city: 'Fortaleza', label: 'Fortaleza (UTC−3) — CE, MA, PI, RN, PB' },
  { id: 'America/Recife', city: 'Recife', label: 'Recife (UTC−3) — PE' },
  { id: 'America/Maceio', city: 'Maceió', label: 'Maceió (UTC−3) — AL, SE' },
  { id: 'America/Belem', city: 'Belém', label: 'Belém (UTC−3) — PA (leste), AP' },
  { id: 'America/Santarem', city: 'Santarém', label: 'Santarém (UTC−3) — PA (oeste)' },
  { id: 'America/Araguaina', city: 'Araguaína', label: 'Araguaína (UTC−3) — TO' },
  { id: 'America/Cuiaba', city: 'Cuiabá', label: 'Cuiabá (UTC−4) — MT' },
  { id: 'America/Campo_Grande', city: 'Campo Grande', label: 'Campo Grande (UTC−4) — MS' },
  { id: 'America/Manaus', city: 'Manaus', label: 'Manaus (UTC−4) — AM' },
  { id: 'America/Porto_Velho', city: 'Porto Velho', label: 'Porto Velho (UTC−4) — RO' },
  { id: 'America/Boa_Vista', city: 'Boa Vista', label: 'Boa Vista (UTC−4) — RR' },
  { id: 'America/Rio_Branco', city: 'Rio Branco', label: 'Rio Branco (UTC−5) — AC' },
  { id: 'America/Noronha', city: 'Fernando de Noronha', label: 'Fernando de Noronha (UTC−2)' },
] as const;

export const INVALID_TIME_OF_DAY = 'Use um horário como 08:00.';
export const SAME_OPEN_CLOSE = 'O horário de abertura e o de fechamento não podem ser iguais.';
export const INVALID_CLOSED_DAY = 'Use uma data válida (AAAA-MM-DD).';
export const TOO_MANY_CLOSED_DAYS = 'No máximo 100 dias fechados.';
export const WEEK_NEEDS_SEVEN_DAYS = 'Informe os 7 dias da semana.';

/** Weekday names, index 0 = domingo (as Date.getDay()). */
export const WEEKDAYS_PT = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const timeOfDaySchema = z
  .string({ error: INVALID_TIME_OF_DAY })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: INVALID_TIME_OF_DAY });

/** One weekday: closed (null) or open from–to; `to` earlier than `from` closes after midnight. */
export const dayHoursSchema = z
  .object({ from: timeOfDaySchema, to: timeOfDaySchema })
  .refine((d) => d.from !== d.to, { error: SAME_OPEN_CLOSE, path: ['to'] })
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;

/** The week, index 0 = domingo … 6 = sábado. */
export const weeklyHoursSchema = z.array(dayHoursSchema).length(7, { error: WEEK_NEEDS_SEVEN_DAYS });
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A day the owner closes (local date, 'AAAA-MM-DD'). */
export const closedDaySchema = z
  .string({ error: INVALID_CLOSED_DAY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: INVALID_CLOSED_DAY })
  .refine(isCalendarDate, { error: INVALID_CLOSED_DAY });

/** Longest text of one business fact (an address, the payment methods…). */
export const FACT_TEXT_MAX = 500;
export const FACT_TEXT_TOO_LONG = `Use no máximo ${FACT_TEXT_MAX} caracteres.`;
/** A fact as the owner types it: trimmed, blank = not given (null). */
const factTextSchema = z
  .string({ error: 'Texto inválido.' })
  .trim()
  .max(FACT_TEXT_MAX, { error: FACT_TEXT_TOO_LONG })
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * The business's facts besides the week, kept once (docs/decisions/066-business-facts-in-one-place.md):
 * edited on Configurações, shown by the training and Conhecimento, given to the AI in every reply.
 * null: not given.
 */
export const businessFactsSchema = z.object({
  /** A note on the hours ('Sábado só com hora marcada'), given with the week. */
  hoursNote: z.string().nullable(),
  address: z.string().nullable(),
  paymentMethods: z.string().nullable(),
  deliveryAreas: z.string().nullable(),
});
export type BusinessFacts = z.infer<typeof businessFactsSchema>;
export const BUSINESS_FACT_LABELS: Record<keyof BusinessFacts, string> = {
  hoursNote: 'Observação sobre o horário',
  address: 'Endereço',
  paymentMethods: 'Formas de pagamento',
  deliveryAreas: 'Áreas de entrega',
};

/**
 * A question asking for one of the business's facts (hours, address, payment methods, delivery areas):
 * those are kept once on Configurações and reach the AI in every reply (docs/decisions/066-business-facts-in-one-place.md),
 * so the training does not ask them again and the FAQ dialog says where they live.
 */
const FACT_QUESTION =
  /hor[áa]rios?\b|\bque horas\b|funcionamento|endere[çc]o|onde (fica|voc[êe]s ficam)|formas? de pagamento|aceita\w* (pix|cart[ãa]o)|(áreas?|regi[õo]es|bairros|cidades) (de|que voc[êe]s?) (entrega|atend)|\bentreg\w* (em|para) quais/i;

export const asksForABusinessFact = (question: string) => FACT_QUESTION.test(question);

/** GET /api/settings/business. */
/**
 * A text the move to one place (docs/decisions/066-business-facts-in-one-place.md) found in Conhecimento or in
 * the training about the hours, the address, the payment methods or the delivery areas, and did not keep as the
 * fact (an older one of its topic): listed on Configurações until the owner dismisses the list, so nothing
 * they typed is lost.
 */
export const movedFactTextSchema = z.object({
  from: z.enum(['faq', 'training']),
  topic: z.enum(['hours', 'address', 'payment', 'delivery']),
  question: z.string(),
  answer: z.string(),
  /** When it was last edited (ISO). */
  at: z.string(),
});
export type MovedFactTextDto = z.infer<typeof movedFactTextSchema>;

export const businessSettingsSchema = z.object({
  /** IANA time zone of the business ('America/Sao_Paulo' unless the owner changed it). */
  timeZone: z.string(),
  /** Weekly opening hours; null when the owner has set none (the AI is then told nothing about hours). */
  hours: weeklyHoursSchema.nullable(),
  /** The owner's own closed days (national holidays are closed too, from date-holidays). */
  closedDays: z.array(z.string()),
  /** The week in words ('segunda a sexta, 08:00–18:00; …'), as the AI reads it; null without a week. */
  hoursSummary: z.string().nullable(),
  facts: businessFactsSchema,
  /** Older texts about the facts, not kept as one (newest first); empty once the owner dismissed them. */
  movedTexts: z.array(movedFactTextSchema),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** PUT /api/settings/business. */
export const updateBusinessSettingsSchema = z.object({
  timeZone: timeZoneSchema,
  hours: weeklyHoursSchema.nullable().optional(),
  closedDays: z.array(closedDaySchema).max(100, { error: TOO_MANY_CLOSED_DAYS }).optional(),
  /** Each fact left out keeps its stored value; null or blank removes it. */
  hoursNote: factTextSchema.optional(),
  address: factTextSchema.optional(),
  paymentMethods: factTextSchema.optional(),
  deliveryAreas: factTextSchema.optional(),
});
export type UpdateBusinessSettingsInput = z.infer<typeof updateBusinessSettingsSchema>;
