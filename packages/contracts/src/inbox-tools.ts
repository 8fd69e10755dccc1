import { z } from 'zod';

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

/** PUT /api/conversations/:id/labels: the conversation's whole set of labels. */
export const conversationLabelsInputSchema = z.object({
  labelIds: z.array(z.guid({ error: 'Etiqueta não encontrada.' })).max(LABELS_MAX),
});
export const conversationLabelsSchema = z.object({ convId: z.string(), labelIds: z.array(z.string()) });
export type ConversationLabels = z.infer<typeof conversationLabelsSchema>;
/** GET /api/labels/conversations?labelId=: the conversations carrying a label (the list's filter). */
export const labelFilterQuerySchema = z.object({ labelId: z.guid({ error: 'Etiqueta não encontrada.' }) });

// ---- private notes -------------------------------------------------------------------------------------
export const NOTE_TEXT_INVALID = 'Escreva a nota (até 2.000 caracteres).';
export const noteInputSchema = z.object({
  text: z
    .string({ error: NOTE_TEXT_INVALID })
    .trim()
    .min(1, { error: NOTE_TEXT_INVALID })
    .max(2000, { error: NOTE_TEXT_INVALID }),
});
export const noteDtoSchema = z.object({ id: z.string(), convId: z.string(), text: z.string(), createdAt: z.string() });
export type NoteDto = z.infer<typeof noteDtoSchema>;
export const noteListSchema = z.object({ items: z.array(noteDtoSchema) });
