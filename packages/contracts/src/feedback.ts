import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Feedback form, "Ajude A Melhorar" (docs/product/data.md sugestoes, docs/product/rules.md#validation, docs/product/messages.md). */

export const FEEDBACK_TYPES = ['sugestao', 'bug', 'nova_funcionalidade', 'geral'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Labels in the form's order. */
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  sugestao: 'Sugestão',
  bug: 'Bug',
  nova_funcionalidade: 'Nova funcionalidade',
  geral: 'Geral',
};

/** docs/product/rules.md#validation: type and a non-blank message are required. */
export const FEEDBACK_REQUIRED_MESSAGE = 'Por favor, selecione o tipo de feedback e preencha sua mensagem.';
/** docs/product/messages.md (the source's unique-violation answer): the same text again within a few seconds. */
export const FEEDBACK_DUPLICATE_MESSAGE = 'Sugestão duplicada. Aguarde alguns segundos antes de enviar novamente.';
export const FEEDBACK_RATE_LIMITED_MESSAGE =
  'Você enviou muitos feedbacks em pouco tempo. Aguarde um minuto e tente novamente.';
export const FEEDBACK_EMAIL_INVALID = 'Informe um e-mail válido ou deixe o campo em branco.';
/**
 * The counter shows n/1000 and the spec enforces no hard limit; the server still refuses absurd
 * bodies (ten times the counter) so one request cannot store megabytes.
 */
export const FEEDBACK_MAX_CHARS = LIMITS.feedbackCounter * 10;
export const FEEDBACK_TOO_LONG = `A mensagem pode ter no máximo ${FEEDBACK_MAX_CHARS.toLocaleString('pt-BR')} caracteres.`;

/** POST /api/feedback. The e-mail is optional: blank means none. */
export const feedbackSchema = z.object({
  tipo: z.enum(FEEDBACK_TYPES, { error: FEEDBACK_REQUIRED_MESSAGE }),
  email: z
    .string({ error: FEEDBACK_EMAIL_INVALID })
    .trim()
    .max(254, { error: FEEDBACK_EMAIL_INVALID })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: FEEDBACK_EMAIL_INVALID })
    .optional(),
  sugestao: z
    .string({ error: FEEDBACK_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: FEEDBACK_REQUIRED_MESSAGE })
    .max(FEEDBACK_MAX_CHARS, { error: FEEDBACK_TOO_LONG }),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

export const feedbackResultSchema = z.object({ id: z.string(), created_at: z.string() });
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;
