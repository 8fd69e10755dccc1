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

/**
 * Documents: a PDF's text, pasted text or a page's text (pasted: the server fetches no address), kept
 * as passages the AI reads like the FAQ.
 */
export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';
export const DOCUMENT_TITLE_REQUIRED = 'Dê um título ao documento.';
export const DOCUMENT_TEXT_REQUIRED = 'Cole o texto do documento.';
export const DOCUMENT_KINDS = ['pdf', 'text', 'page'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { pdf: 'PDF', text: 'Texto', page: 'Página' };

/** Per-account and per-document bounds (the plans do not limit knowledge). */
export const KNOWLEDGE_DOCUMENT_LIMITS = {
  /** Documents per account. */
  perAccount: 50,
  /** Characters of one document's text (pasted or extracted). */
  maxChars: 100_000,
  /** Bytes and pages of a PDF read. */
  pdfMaxBytes: 5 * 1024 * 1024,
  pdfMaxPages: 50,
} as const;

const documentTitle = z
  .string({ error: DOCUMENT_TITLE_REQUIRED })
  .trim()
  .min(1, { error: DOCUMENT_TITLE_REQUIRED })
  .max(200, { error: 'Título muito longo (máx. 200 caracteres).' });

const documentText = z
  .string({ error: DOCUMENT_TEXT_REQUIRED })
  .trim()
  .min(1, { error: DOCUMENT_TEXT_REQUIRED })
  .max(KNOWLEDGE_DOCUMENT_LIMITS.maxChars, { error: 'Texto muito longo (máx. 100.000 caracteres).' });

export const documentTextInputSchema = z.object({
  title: documentTitle,
  /** 'text': pasted text; 'page': a page's text copied from a site (the server fetches nothing). */
  kind: z.enum(['text', 'page']).default('text'),
  text: documentText,
});
export type DocumentTextInput = z.input<typeof documentTextInputSchema>;

/** PUT /api/knowledge/documents/:id: a document's title and whole text, cut into passages again. */
export const documentEditSchema = z.object({ title: documentTitle, text: documentText });
export type DocumentEditInput = z.infer<typeof documentEditSchema>;

export const documentRenameSchema = z.object({ title: documentTitle });

export const documentPdfQuerySchema = z.object({ title: documentTitle.optional() });

export const knowledgeDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  chars: z.number().int(),
  passages: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

export const documentListSchema = z.object({
  items: z.array(knowledgeDocumentSchema),
  /** How many documents the account may keep. */
  limit: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentPassagesSchema = z.object({
  document: knowledgeDocumentSchema,
  /**
   * The document's text as it is kept: its passages, a blank line between them (what 'Ver e editar'
   * shows; line breaks inside a paragraph were read as spaces when it was cut).
   */
  text: z.string(),
  passages: z.array(z.object({ id: z.string(), position: z.number().int(), text: z.string() })),
});
export type DocumentPassages = z.infer<typeof documentPassagesSchema>;
