import { z } from 'zod';
import { catalogueItemInputSchema, catalogueItemPatchSchema, catalogueOptionSchema } from './catalogue.ts';

/**
 * The prompt workshop (docs/decisions/014-prompt-workshop.md; docs/product/screens.md#prompt-editor, docs/product/screens.md#playground, docs/product/rules.md#states-and-transitions, docs/product/rules.md#validation, docs/product/integrations.md): manual
 * editing, the prompt coach, prompt versions and the playground. Shared by the server routes and
 * the web, so both validate the same way and show the same Portuguese messages.
 */

/** Longest system prompt accepted (manual save, coach suggestion, restore). */
export const PROMPT_MAX = 20_000;
export const PROMPT_EMPTY_MESSAGE = 'O prompt não pode ficar vazio.';
export const PROMPT_TOO_LONG_MESSAGE = `O prompt pode ter no máximo ${PROMPT_MAX.toLocaleString('pt-BR')} caracteres.`;

/** A system prompt as the owner saves it: not blank, at most PROMPT_MAX characters (kept as typed). */
export const systemPromptSchema = z
  .string({ error: 'O prompt deve ser um texto.' })
  .refine((s) => s.trim().length > 0, { error: PROMPT_EMPTY_MESSAGE })
  .refine((s) => s.length <= PROMPT_MAX, { error: PROMPT_TOO_LONG_MESSAGE });

/** Coach constants (docs/product/limits.md). */
export const COACH = {
  /** The last messages of the coach chat sent with an instruction. */
  historyMessages: 8,
  /** A suggestion under this share of the current prompt's length… */
  partialRatio: 0.6,
  /** …and under this many characters is 'partial' (docs/decisions: reading of the rule). */
  partialFloorChars: 200,
  /** The coach input grows up to this many lines. */
  inputMaxRows: 6,
  instructionMax: 2_000,
} as const;

export const COACH_FAILURE_MESSAGE = 'Não consegui gerar uma sugestão agora. Tente novamente em instantes.';
export const COACH_LOCKED_TOOLTIP = 'Aceite ou Rejeite para continuar!';
export const COACH_PARTIAL_WARNING =
  'Esta sugestão parece incompleta: ela é bem mais curta que o prompt atual e substituiria o prompt inteiro. Gere a versão completa antes de aceitar.';
export const COACH_STALE_MESSAGE = 'O prompt mudou desde esta sugestão. Peça uma nova sugestão à treinadora.';

/**
 * docs/product/rules.md#states-and-transitions: a suggestion shorter than 60% of the current prompt AND under 200 characters is
 * 'partial' (it would replace a whole prompt with a fragment). A suggestion of 200 characters or
 * more is never judged partial (docs/decisions/014-prompt-workshop.md explains this reading).
 */
export function isPartialSuggestion(currentPrompt: string, suggestion: string): boolean {
  const length = suggestion.trim().length;
  return length < currentPrompt.trim().length * COACH.partialRatio && length < COACH.partialFloorChars;
}

/** One message of the coach chat (docs/product/data.md, client-only): who said it and the text. */
export const coachHistoryItemSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(PROMPT_MAX + COACH.instructionMax),
});
export type CoachHistoryItem = z.infer<typeof coachHistoryItemSchema>;

/** POST /api/agents/:id/prompt-coach (docs/product/integrations.md suggest-prompt-edit). The server reads the saved prompt. */
export const coachRequestSchema = z.object({
  instruction: z
    .string({ error: 'Escreva o que você quer mudar no prompt.' })
    .trim()
    .min(1, { error: 'Escreva o que você quer mudar no prompt.' })
    .max(COACH.instructionMax, {
      error: `A instrução pode ter no máximo ${COACH.instructionMax.toLocaleString('pt-BR')} caracteres.`,
    }),
  /** The chat so far; only the last 8 are used. */
  history: z.array(coachHistoryItemSchema).max(100).default([]),
  /** 'Gerar completo': ask again for the whole prompt. */
  full: z.boolean().default(false),
});
export type CoachRequest = z.input<typeof coachRequestSchema>;

/**
 * clarify: a question; update: a whole new prompt; faq: a business fact better kept as a FAQ entry than in
 * the prompt; catalogue: a product's price, an option's price, availability or description changed (or a new item) in Catálogo.
 */
export const coachModeSchema = z.enum(['clarify', 'update', 'faq', 'catalogue']);
export type CoachMode = z.infer<typeof coachModeSchema>;

export const coachSuggestionSchema = z.object({
  mode: coachModeSchema,
  message: z.string(),
  /** The full new prompt (update), else null. */
  updated_prompt: z.string().nullable(),
  /** update only: judged partial (isPartialSuggestion) — Aceitar is hidden, 'Gerar completo' offered. */
  partial: z.boolean(),
  /** Fingerprint of the prompt the suggestion was made from; accepting checks it is still the saved one. */
  based_on: z.string(),
  /** faq only: the entry proposed for Conhecimento ('Aplicar' saves it through POST /api/knowledge/faqs). */
  faq: z.object({ question: z.string(), answer: z.string() }).nullish(),
  /** catalogue only: the change proposed for an item ('Aplicar' sends `after` to PATCH /api/catalogue/:id, or POST for a new item). */
  catalogue: z
    .object({
      /** The existing item's id; null: a new item named `name`. */
      itemId: z.string().nullable(),
      name: z.string(),
      /** The item's fields as saved when the suggestion was made (null for a new item). */
      before: catalogueItemInputSchema
        .pick({ priceCents: true, availability: true, description: true })
        /** The option whose price changes, as saved (only with `after.optionPrice`). */
        .extend({ optionPrice: catalogueOptionSchema.optional() })
        .nullable(),
      /** Only the fields that change. */
      after: catalogueItemPatchSchema,
    })
    .nullish(),
});
export type CoachSuggestion = z.infer<typeof coachSuggestionSchema>;

/** POST /api/agents/:id/prompt-coach/accept: saves the suggestion (prompt, version, usage_training). */
export const coachAcceptSchema = z.object({
  updated_prompt: systemPromptSchema,
  based_on: z.string({ error: COACH_STALE_MESSAGE }).min(1, { error: COACH_STALE_MESSAGE }),
});
export type CoachAcceptInput = z.infer<typeof coachAcceptSchema>;

/** Where a prompt version came from. */
export const PROMPT_VERSION_SOURCES = ['training', 'retraining', 'manual', 'coach', 'restore'] as const;
export const promptVersionSourceSchema = z.enum(PROMPT_VERSION_SOURCES);
export type PromptVersionSource = z.infer<typeof promptVersionSourceSchema>;

/** The source as the editor shows it. */
export const PROMPT_VERSION_SOURCE_LABELS: Record<PromptVersionSource, string> = {
  training: 'Treinamento',
  retraining: 'Novo treinamento',
  manual: 'Edição manual',
  coach: 'Treinadora de prompt',
  restore: 'Versão restaurada',
};

/** Versions kept per agent (older ones are dropped when a new one is recorded). */
export const PROMPT_VERSIONS_KEPT = 100;

export const promptVersionSummarySchema = z.object({
  id: z.string(),
  source: promptVersionSourceSchema,
  created_at: z.string(),
  /** Characters of the prompt. */
  chars: z.number().int(),
  /** This version's text is the saved prompt now. */
  current: z.boolean(),
});
export type PromptVersionSummary = z.infer<typeof promptVersionSummarySchema>;

export const promptVersionSchema = promptVersionSummarySchema.extend({ system_prompt: z.string() });
export type PromptVersion = z.infer<typeof promptVersionSchema>;

export const PROMPT_VERSION_NOT_FOUND_MESSAGE = 'Versão do prompt não encontrada.';

/** Playground (docs/product/rules.md#validation, docs/product/messages.md). */
export const PLAYGROUND = {
  /** Longest message the owner can type. */
  messageMax: 4_096,
  /** Messages of the chat the client may send (the engine's history window uses the latest 20). */
  historyMax: 60,
} as const;
export const PLAYGROUND_FAILURE_MESSAGE = 'Desculpe, ocorreu um erro. Tente novamente.';
export const PLAYGROUND_NO_AGENT_MESSAGE = 'IA não encontrada';

export const playgroundMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(PLAYGROUND.messageMax, {
    error: `Cada mensagem pode ter no máximo ${PLAYGROUND.messageMax.toLocaleString('pt-BR')} caracteres.`,
  }),
});
export type PlaygroundMessage = z.infer<typeof playgroundMessageSchema>;

/** POST /api/playground/reply: the chat so far (oldest first, the customer's message last). */
export const playgroundRequestSchema = z.object({
  agent_id: z.guid({ error: PLAYGROUND_NO_AGENT_MESSAGE }),
  messages: z
    .array(playgroundMessageSchema)
    .min(1, { error: 'Escreva uma mensagem.' })
    .max(PLAYGROUND.historyMax, { error: 'Conversa longa demais: limpe o chat para continuar.' })
    .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)!.text.trim().length > 0, { error: 'Escreva uma mensagem.' }),
});
export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;

/** The agent's answer as WhatsApp would deliver it: one text per message (bubble). */
export const playgroundReplySchema = z.object({
  parts: z.array(z.string()).min(1),
  /** The business's facts the answer used (catalogue items, knowledge passages; decision 025). */
  factsUsed: z.array(z.object({ kind: z.enum(['product', 'passage']), id: z.string(), label: z.string() })).default([]),
  /** The catalogue photos the answer would send after its text (the owner's own files, /api/media). */
  photos: z.array(z.object({ itemId: z.string(), caption: z.string(), url: z.string() })).default([]),
  /** The price guard held the AI's answer back: what it tried, and that the fallback text was shown. */
  guard: z.object({ retried: z.boolean(), blocked: z.string().nullable() }).default({ retried: false, blocked: null }),
});
export type PlaygroundReply = z.infer<typeof playgroundReplySchema>;

/** The editor's form (manual save): the prompt as typed. */
export const promptFormSchema = z.object({ system_prompt: systemPromptSchema });
export type PromptFormValues = z.infer<typeof promptFormSchema>;
