import { z } from 'zod';

/**
 * 'Funil de vendas' (docs/decisions/043-labels-notes-funnel.md, section "Sales funnel"): a board of the
 * account's conversations by stage. People move cards anywhere; the AI only moves them forward.
 */

export const FUNNEL_STAGE_KINDS = [
  'novo',
  'qualificado',
  'orcamento',
  'agendado',
  'pago',
  'perdido',
  'custom',
] as const;
export type FunnelStageKind = (typeof FUNNEL_STAGE_KINDS)[number];
/** The stages the AI moves cards to, from its signals (Agendado: a booking made for the conversation). */
export type FunnelAiStageKind = 'qualificado' | 'orcamento' | 'agendado' | 'pago';

/** The five stages every account has, in their first order (created on first use; renamed, never deleted). */
export const FUNNEL_BUILT_IN_STAGES: readonly {
  kind: Exclude<FunnelStageKind, 'custom' | 'agendado'>;
  name: string;
}[] = [
  { kind: 'novo', name: 'Novo' },
  { kind: 'qualificado', name: 'Qualificado' },
  { kind: 'orcamento', name: 'Orçamento' },
  { kind: 'pago', name: 'Pago' },
  { kind: 'perdido', name: 'Perdido' },
];
/**
 * The stage of an account that uses the agenda (docs/decisions/069-agenda.md, "The funnel's Agendado"):
 * created on its first booking, just before Pago; then built-in like the five (renamed, never deleted).
 */
export const FUNNEL_AGENDADO_STAGE = { kind: 'agendado', name: 'Agendado' } as const;
export const FUNNEL_CUSTOM_STAGES_MAX = 10;
/** Cards per column page ('Ver mais' loads the next). */
export const FUNNEL_PAGE_SIZE = 20;

export const FUNNEL_MESSAGES = {
  stageName: 'Dê um nome à etapa (até 30 caracteres).',
  stageNameTaken: 'Você já tem uma etapa com este nome.',
  stagesFull: `Você pode criar até ${FUNNEL_CUSTOM_STAGES_MAX} etapas próprias.`,
  builtInDelete: 'As etapas padrão não podem ser excluídas; você pode renomeá-las.',
  stageNotFound: 'Etapa não encontrada.',
  conversationNotFound: 'Conversa não encontrada.',
  order: 'Envie todas as etapas do funil, cada uma uma vez, com Novo em primeiro.',
} as const;

export const funnelStageInputSchema = z.object({
  name: z
    .string({ error: FUNNEL_MESSAGES.stageName })
    .trim()
    .min(1, { error: FUNNEL_MESSAGES.stageName })
    .max(30, { error: FUNNEL_MESSAGES.stageName }),
});
export type FunnelStageInput = z.infer<typeof funnelStageInputSchema>;

/** PUT /api/funnel/stages/order: every stage id of the account in the new order, Novo first. */
export const funnelStageOrderSchema = z.object({
  stageIds: z
    .array(z.guid({ error: FUNNEL_MESSAGES.order }), { error: FUNNEL_MESSAGES.order })
    .min(1, { error: FUNNEL_MESSAGES.order })
    .max(FUNNEL_BUILT_IN_STAGES.length + 1 + FUNNEL_CUSTOM_STAGES_MAX, { error: FUNNEL_MESSAGES.order }),
});

export const funnelStageDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(FUNNEL_STAGE_KINDS),
  name: z.string(),
  position: z.number().int(),
  /** Conversations in this stage now (Novo: those never moved, or moved back). */
  count: z.number().int(),
});
export type FunnelStageDto = z.infer<typeof funnelStageDtoSchema>;
export const funnelStageListSchema = z.object({ items: z.array(funnelStageDtoSchema) });
export type FunnelStageList = z.infer<typeof funnelStageListSchema>;

export const funnelCardSchema = z.object({
  convId: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string().nullable(),
  /** Who put it in its stage; null in Novo when nobody moved it. */
  movedBy: z.enum(['ai', 'person']).nullable(),
});
export type FunnelCard = z.infer<typeof funnelCardSchema>;

/** GET /api/funnel/stages/:id/cards?cursor=: the column's cards, latest message first. */
export const funnelCardPageSchema = z.object({ items: z.array(funnelCardSchema), nextCursor: z.string().nullable() });
export type FunnelCardPage = z.infer<typeof funnelCardPageSchema>;

/** PUT /api/funnel/conversations/:id/stage: a person moves the card. */
export const funnelMoveInputSchema = z.object({ stageId: z.guid({ error: FUNNEL_MESSAGES.stageNotFound }) });
export type FunnelMoveInput = z.infer<typeof funnelMoveInputSchema>;

/** A card moved (the answer of a move, and the realtime event `funnel.moved`). */
export const funnelMoveSchema = z.object({
  convId: z.string(),
  stageId: z.string(),
  movedBy: z.enum(['ai', 'person']),
});
export type FunnelMove = z.infer<typeof funnelMoveSchema>;

/** Resultados' funnel: conversations started in the period, by stage now and how many reached each stage. */
export const resultsFunnelSchema = z.object({
  /** Conversations started in the period (the conversion's denominator). */
  total: z.number().int(),
  stages: z.array(
    z.object({
      stageId: z.string(),
      kind: z.enum(FUNNEL_STAGE_KINDS),
      name: z.string(),
      /** In this stage now. */
      count: z.number().int(),
      /** In this stage or one after it (Perdido: only itself; Novo: all). */
      reached: z.number().int(),
      /** reached ÷ total, 0–1; null when no conversation started. */
      conversion: z.number().nullable(),
    }),
  ),
});
export type ResultsFunnel = z.infer<typeof resultsFunnelSchema>;
