import { z } from 'zod';

/**
 * Approval mode ('A IA sugere, eu aprovo', docs/decisions/045-approval-mode.md): the AI's answer waits as a
 * draft the owner sends, edits and sends, or discards, in the inbox or by answering the alert on WhatsApp.
 */

/** What happens to a draft nobody handled in time. */
export const APPROVAL_TIMEOUT_ACTIONS = ['send', 'discard'] as const;
export type ApprovalTimeoutAction = (typeof APPROVAL_TIMEOUT_ACTIONS)[number];
export const APPROVAL_TIMEOUT_MIN = 5;
export const APPROVAL_TIMEOUT_MAX = 240;
export const DEFAULT_APPROVAL_TIMEOUT_MINUTES = 30;

const TIMEOUT_MESSAGE = `Escolha um prazo entre ${APPROVAL_TIMEOUT_MIN} e ${APPROVAL_TIMEOUT_MAX} minutos.`;
export const approvalTimeoutSchema = z
  .number({ error: TIMEOUT_MESSAGE })
  .int({ error: TIMEOUT_MESSAGE })
  .min(APPROVAL_TIMEOUT_MIN, { error: TIMEOUT_MESSAGE })
  .max(APPROVAL_TIMEOUT_MAX, { error: TIMEOUT_MESSAGE });
export const approvalTimeoutActionSchema = z.enum(APPROVAL_TIMEOUT_ACTIONS, {
  error: "Escolha 'enviar' ou 'descartar' para quando o prazo acabar.",
});

export const REPLY_DRAFT_STATES = ['pending', 'sent', 'discarded', 'superseded', 'failed'] as const;

/** A draft as the inbox shows it. */
export const replyDraftDtoSchema = z.object({
  id: z.string(),
  conv_id: z.string(),
  state: z.enum(REPLY_DRAFT_STATES),
  /** The answer's texts, one per WhatsApp message (catalogue photos are listed by their caption). */
  parts: z.array(z.string()),
  customer_text: z.string().nullable(),
  due_at: z.string(),
  timeout_action: approvalTimeoutActionSchema,
  edited: z.boolean(),
  /** The member who edited the text, and who sent it (docs/decisions/066-business-facts-in-one-place.md). */
  edited_by: z.string().nullable().optional(),
  sent_by: z.string().nullable().optional(),
  decided_by: z.enum(['inbox', 'whatsapp', 'timeout']).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  /**
   * The agenda change sending it makes ('Agendar Limpeza: quinta-feira, 10/12 às 09:00, com Dra. Ana'),
   * made just before the text goes out (docs/decisions/045-approval-mode.md, "The agenda"); null: none.
   */
  booking: z.string().nullable().optional(),
});
export type ReplyDraftDto = z.infer<typeof replyDraftDtoSchema>;

/** GET /api/conversations/:id/approval: the conversation's setting, the agent's, and its pending draft. */
export const conversationApprovalDtoSchema = z.object({
  /** This conversation's own choice; null: the agent's. */
  mode: z.boolean().nullable(),
  /** The agent's setting (false when the number has no agent). */
  agent_mode: z.boolean(),
  /** What applies: mode ?? agent_mode. */
  effective: z.boolean(),
  draft: replyDraftDtoSchema.nullable(),
});
export type ConversationApprovalDto = z.infer<typeof conversationApprovalDtoSchema>;

/** GET /api/conversations/pending-drafts: the conversations with a suggestion waiting (the inbox list's mark). */
export const pendingDraftsDtoSchema = z.object({ convIds: z.array(z.string()) });
export type PendingDraftsDto = z.infer<typeof pendingDraftsDtoSchema>;

/** PUT /api/conversations/:id/approval. */
export const setConversationApprovalSchema = z.object({
  mode: z.boolean({ error: 'Escolha ligar, desligar ou seguir o agente.' }).nullable(),
});

/** POST /api/conversations/:id/drafts/:draftId/send: the draft as it is, or edited. */
export const sendDraftSchema = z.object({
  text: z
    .string({ error: 'Escreva a resposta.' })
    .trim()
    .min(1, { error: 'Escreva a resposta.' })
    .max(4096, { error: 'A resposta pode ter no máximo 4.096 caracteres.' })
    .optional(),
});
export type SendDraftInput = z.infer<typeof sendDraftSchema>;

export const DRAFT_NOT_FOUND = 'Sugestão não encontrada.';
export const draftParamsSchema = z.object({
  id: z.guid({ error: DRAFT_NOT_FOUND }),
  draftId: z.guid({ error: DRAFT_NOT_FOUND }),
});
