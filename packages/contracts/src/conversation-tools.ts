import { z } from 'zod';
import { conversationSourceSchema } from './ad-attribution.ts';

/**
 * Quick replies, labels and private notes of the inbox (docs/decisions/040-inbox-search.md, section
 * "Quick replies, labels and notes").
 */

// ---- quick replies: `/atalho` in the composer ------------------------------------------------------
export const QUICK_REPLY_NAME_PLACEHOLDER = '{nome}';
export const QUICK_REPLIES_MAX = 100;
export const QUICK_REPLY_TEXT_MAX = 1000;
export const SHORTCUT_INVALID = 'Use de 1 a 30 letras minúsculas, números, - ou _ no atalho (ex.: pix, horario).';
export const QUICK_REPLY_TEXT_INVALID = `Escreva o texto da resposta (até ${QUICK_REPLY_TEXT_MAX} caracteres).`;
export const SHORTCUT_TAKEN = 'Você já tem uma resposta rápida com este atalho.';
export const QUICK_REPLIES_FULL = `Você pode salvar até ${QUICK_REPLIES_MAX} respostas rápidas.`;

export const quickReplyInputSchema = z.object({
  shortcut: z
    .string({ error: SHORTCUT_INVALID })
    .trim()
    .transform((s) => s.replace(/^\//, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9_-]{1,30}$/, { error: SHORTCUT_INVALID })),
  text: z
    .string({ error: QUICK_REPLY_TEXT_INVALID })
    .trim()
    .min(1, { error: QUICK_REPLY_TEXT_INVALID })
    .max(QUICK_REPLY_TEXT_MAX, { error: QUICK_REPLY_TEXT_INVALID }),
});
export type QuickReplyInput = z.input<typeof quickReplyInputSchema>;

export const quickReplyDtoSchema = z.object({ id: z.string(), shortcut: z.string(), text: z.string() });
export type QuickReplyDto = z.infer<typeof quickReplyDtoSchema>;
export const quickReplyListSchema = z.object({ items: z.array(quickReplyDtoSchema) });

/** The saved text with `{nome}` replaced by the customer's first name (nothing when the name is unknown). */
export function expandQuickReply(text: string, contactName: string | null): string {
  const first = contactName?.trim().split(/\s+/)[0] ?? '';
  if (first) return text.replaceAll(QUICK_REPLY_NAME_PLACEHOLDER, first);
  // No name: 'Oi {nome}, tudo bem?' → 'Oi, tudo bem?'; 'Obrigado, {nome}!' → 'Obrigado!'.
  return text.replace(/,?[ \t]*\{nome\}/g, '').trim();
}

// ---- labels ------------------------------------------------------------------------------------------
export const LABEL_COLORS = ['slate', 'red', 'amber', 'emerald', 'sky', 'violet', 'pink'] as const;
export const LABELS_MAX = 50;
export const LABEL_NAME_INVALID = 'Dê um nome à etiqueta (até 30 caracteres).';
export const LABEL_NAME_TAKEN = 'Você já tem uma etiqueta com este nome.';
export const LABELS_FULL = `Você pode criar até ${LABELS_MAX} etiquetas.`;
export const LABEL_COLOR_INVALID = 'Escolha uma das cores da lista.';

export const labelInputSchema = z.object({
  name: z
    .string({ error: LABEL_NAME_INVALID })
    .trim()
    .min(1, { error: LABEL_NAME_INVALID })
    .max(30, { error: LABEL_NAME_INVALID }),
  color: z.enum(LABEL_COLORS, { error: LABEL_COLOR_INVALID }),
});
export type LabelInput = z.infer<typeof labelInputSchema>;
export const labelDtoSchema = z.object({ id: z.string(), name: z.string(), color: z.enum(LABEL_COLORS) });
export type LabelDto = z.infer<typeof labelDtoSchema>;
export const labelListSchema = z.object({ items: z.array(labelDtoSchema) });

/** POST /api/conversations/:id/labels: puts one label on the conversation (DELETE …/labels/:labelId takes it off). */
export const LABEL_NOT_FOUND = 'Etiqueta não encontrada.';
export const conversationLabelInputSchema = z.object({ labelId: z.guid({ error: LABEL_NOT_FOUND }) });
export const conversationLabelParamsSchema = z.object({
  id: z.guid({ error: 'Conversa não encontrada.' }),
  labelId: z.guid({ error: LABEL_NOT_FOUND }),
});
export const conversationLabelsSchema = z.object({ convId: z.string(), labelIds: z.array(z.string()) });
export type ConversationLabels = z.infer<typeof conversationLabelsSchema>;
/** GET /api/labels/assignments?ids=a,b: the labels of the listed conversations (the rows' chips), at most 100. */
export const LABEL_ASSIGNMENTS_MAX = 100;
export const labelAssignmentsQuerySchema = z.object({
  ids: z
    .string({ error: 'Informe as conversas.' })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.guid({ error: 'Conversa não encontrada.' }))
        .min(1, { error: 'Informe as conversas.' })
        .max(LABEL_ASSIGNMENTS_MAX, { error: `Peça no máximo ${LABEL_ASSIGNMENTS_MAX} conversas por vez.` }),
    ),
});
export const labelAssignmentsSchema = z.object({ items: z.array(conversationLabelsSchema) });
/** GET /api/conversations?labelId=: the list's filter by one label (same keyset paging). */
export const labelFilterQuerySchema = z.object({ labelId: z.guid({ error: LABEL_NOT_FOUND }).optional() });

// ---- private notes -------------------------------------------------------------------------------------
export const NOTE_TEXT_MAX = 2000;
export const NOTE_TEXT_INVALID = 'Escreva a nota (até 2.000 caracteres).';
export const NOTE_NOT_FOUND = 'Nota não encontrada.';
export const NOTE_NOT_YOURS = 'Só quem escreveu a nota ou o dono da conta pode apagá-la.';
export const noteInputSchema = z.object({
  text: z
    .string({ error: NOTE_TEXT_INVALID })
    .trim()
    .min(1, { error: NOTE_TEXT_INVALID })
    .max(NOTE_TEXT_MAX, { error: NOTE_TEXT_INVALID }),
});
export type NoteInput = z.infer<typeof noteInputSchema>;
export const noteParamsSchema = z.object({
  id: z.guid({ error: 'Conversa não encontrada.' }),
  noteId: z.guid({ error: NOTE_NOT_FOUND }),
});
export const noteDtoSchema = z.object({
  id: z.string(),
  convId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Who wrote it; null once that person left the account. */
  authorName: z.string().nullable(),
  /** The signed-in person may delete it (its author, or the account's owner). */
  canDelete: z.boolean(),
});
export type NoteDto = z.infer<typeof noteDtoSchema>;
export const noteListSchema = z.object({ items: z.array(noteDtoSchema) });
/** Realtime: a note of a conversation was written or deleted; open chats read the notes again. */
export const noteEventSchema = z.object({ id: z.string(), convId: z.string() });

// ---- contact panel ---------------------------------------------------------------------------------------
export const CONTACT_OTHERS_MAX = 20;
/** The customer's other conversations: the same phone (or WhatsApp id) on the account's numbers. */
export const contactConversationSchema = z.object({
  id: z.string(),
  /** The account's number it came on: its nickname, and its phone. */
  numberApelido: z.string().nullable(),
  numberPhone: z.string(),
  lastMessage: z.string(),
  lastMessagePreview: z.string().nullable(),
});
export type ContactConversation = z.infer<typeof contactConversationSchema>;
export const contactPanelSchema = z.object({
  convId: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** The customer's WhatsApp username (official API), for a contact known without a phone (decision 062). */
  username: z.string().nullable(),
  isGroup: z.boolean(),
  firstContactAt: z.string(),
  /** When the customer asked VendAI to stop writing (decision 048); null when they have not, or it was undone. */
  optedOutAt: z.string().nullable(),
  others: z.array(contactConversationSchema),
  /** The ads and 'Links de origem' the customer came from, oldest first (docs/decisions/071-ad-attribution.md). */
  sources: z.array(conversationSourceSchema),
});
export type ContactPanel = z.infer<typeof contactPanelSchema>;
