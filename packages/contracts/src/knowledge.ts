import { z } from 'zod';

/**
 * The business's knowledge the AI answers from besides the catalogue: FAQ entries (a question and
 * the owner's answer), retrieved by Portuguese full-text search and given to the AI with their source
 * (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento).
 */

export const FAQ_NOT_FOUND = 'Pergunta frequente não encontrada.';
export const FAQ_QUESTION_REQUIRED = 'Escreva a pergunta do cliente.';
export const FAQ_ANSWER_REQUIRED = 'Escreva a resposta.';

/** active: the AI reads it; proposed: suggested from a conversation the owner answered, waiting for the owner. */
export const FAQ_STATUSES = ['active', 'proposed'] as const;

export const faqInputSchema = z.object({
  question: z
    .string({ error: FAQ_QUESTION_REQUIRED })
    .trim()
    .min(1, { error: FAQ_QUESTION_REQUIRED })
    .max(500, { error: 'Pergunta muito longa (máx. 500 caracteres).' }),
  answer: z
    .string({ error: FAQ_ANSWER_REQUIRED })
    .trim()
    .min(1, { error: FAQ_ANSWER_REQUIRED })
    .max(4000, { error: 'Resposta muito longa (máx. 4.000 caracteres).' }),
});
export type FaqInput = z.infer<typeof faqInputSchema>;

export const faqSchema = faqInputSchema.extend({
  id: z.string(),
  status: z.enum(FAQ_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqListQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'Busca muito longa.' }).optional(),
});

export const faqListSchema = z.object({
  /** The entries the AI reads (or those matching the search). */
  items: z.array(faqSchema),
  /** Entries proposed from conversations the owner answered, waiting for a decision. */
  proposed: z.array(faqSchema),
});
export type FaqList = z.infer<typeof faqListSchema>;
