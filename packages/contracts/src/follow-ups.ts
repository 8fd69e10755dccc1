import { z } from 'zod';

/**
 * Follow-ups (docs/decisions/037-follow-ups.md): an agent's ladder 'Acompanhamento', the touches and
 * the messages the owner scheduled from the inbox ('Agendar').
 */

/** Gaps the owner picks between touches (minutes): 1 h … 7 dias. */
export const FOLLOW_UP_GAP_CHOICES = [60, 120, 240, 480, 1440, 2880, 4320, 10080] as const;
/** Default ladder: 2 h, 1 dia, 3 dias. */
export const DEFAULT_FOLLOW_UP_GAPS = [120, 1440, 4320] as const;
export const FOLLOW_UP_MAX_TOUCHES = 3;
export const DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP = 30;

const GAP_MESSAGE = 'Escolha o intervalo entre 1 hora e 7 dias.';
const gapSchema = z
  .number({ error: GAP_MESSAGE })
  .refine((v) => (FOLLOW_UP_GAP_CHOICES as readonly number[]).includes(v), { error: GAP_MESSAGE });

export const followUpSettingsSchema = z.object({
  enabled: z.boolean(),
  /** One gap per touch (1–3 touches), each after VendAI's previous message. */
  gapsMinutes: z.array(gapSchema).min(1).max(FOLLOW_UP_MAX_TOUCHES),
  numberDailyCap: z.number().int(),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

const CAP_MESSAGE = 'Escolha um limite diário entre 1 e 30 acompanhamentos por número.';
/** PUT /api/agents/:id/follow-ups. */
export const updateFollowUpSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Informe se o acompanhamento está ligado.' }),
  gapsMinutes: z
    .array(gapSchema, { error: 'Informe os intervalos.' })
    .min(1, { error: 'Escolha de 1 a 3 acompanhamentos.' })
    .max(FOLLOW_UP_MAX_TOUCHES, { error: 'Escolha de 1 a 3 acompanhamentos.' }),
  numberDailyCap: z
    .number({ error: CAP_MESSAGE })
    .int({ error: CAP_MESSAGE })
    .min(1, { error: CAP_MESSAGE })
    .max(DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP, { error: CAP_MESSAGE })
    .optional(),
});
export type UpdateFollowUpSettingsInput = z.infer<typeof updateFollowUpSettingsSchema>;

export const followUpStateSchema = z.enum(['scheduled', 'sending', 'sent', 'cancelled', 'skipped', 'failed']);

/** A touch or a scheduled message as the inbox shows it. */
export const followUpDtoSchema = z.object({
  id: z.uuid(),
  convId: z.uuid(),
  kind: z.enum(['touch', 'scheduled']),
  step: z.number().int(),
  dueAt: z.string(),
  text: z.string().nullable(),
  cancelOnReply: z.boolean(),
  state: followUpStateSchema,
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type FollowUpDto = z.infer<typeof followUpDtoSchema>;

/** GET /api/conversations/:id/follow-ups: what is still to go (next touch, scheduled messages) and the latest notes. */
export const conversationFollowUpsSchema = z.object({
  upcoming: z.array(followUpDtoSchema),
  recent: z.array(followUpDtoSchema),
});
export type ConversationFollowUps = z.infer<typeof conversationFollowUpsSchema>;

export const SCHEDULED_TEXT_MAX = 4000;
/** POST /api/conversations/:id/scheduled-messages ('Agendar'). */
export const scheduleMessageSchema = z.object({
  text: z
    .string({ error: 'Escreva a mensagem.' })
    .trim()
    .min(1, { error: 'Escreva a mensagem.' })
    .max(SCHEDULED_TEXT_MAX, { error: `A mensagem pode ter no máximo ${SCHEDULED_TEXT_MAX} caracteres.` }),
  sendAt: z.iso.datetime({ offset: true, error: 'Escolha a data e a hora do envio.' }),
  cancelOnReply: z.boolean().default(true),
});
export type ScheduleMessageInput = z.input<typeof scheduleMessageSchema>;

/** POST /api/playground/follow-up-preview: the touch the agent would write for this conversation. */
export const followUpPreviewSchema = z.object({
  agentId: z.uuid({ error: 'Agente inválido.' }),
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(4000) }))
    .min(1, { error: 'Converse com o agente antes de ver o acompanhamento.' })
    .max(40),
  step: z.number().int().min(1).max(FOLLOW_UP_MAX_TOUCHES).default(1),
});
export const followUpPreviewResultSchema = z.object({ text: z.string() });
