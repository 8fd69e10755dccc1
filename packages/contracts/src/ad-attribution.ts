import { z } from 'zod';

/**
 * Where customers come from (docs/decisions/071-ad-attribution.md): the ad or 'Link de origem' of a
 * conversation, the owner's links, and 'Origem das vendas' on Resultados.
 */

/** One source of a conversation (a message that came from an ad or a link); the first is the first touch. */
export const conversationSourceSchema = z.object({
  id: z.string(),
  messageId: z.string().nullable(),
  kind: z.enum(['ad', 'link']),
  /** 'meta': the official API's referral; 'device': a QR number's phone said so (less reliable); 'link'. */
  reliability: z.enum(['meta', 'device', 'link']),
  headline: z.string().nullable(),
  body: z.string().nullable(),
  /** The ad's image or video thumbnail, when Meta gave one. */
  thumbnailUrl: z.string().nullable(),
  /** The ad's link (source_url), when given. */
  url: z.string().nullable(),
  /** Meta gave a click id (the Conversions API can credit the ad). */
  hasClickId: z.boolean(),
  /** Official API: service messages are free until then (Meta's free entry point window). */
  freeEntryUntil: z.string().nullable(),
  linkCode: z.string().nullable(),
  receivedAt: z.string(),
});
export type ConversationSource = z.infer<typeof conversationSourceSchema>;

export const SOURCE_LINK_NAME_REQUIRED = 'Dê um nome ao link (ex.: Bio do Instagram).';
export const SOURCE_LINK_CODE_INVALID = 'Código inválido: use de 2 a 20 letras, números ou hífen.';
export const SOURCE_LINK_CODE_TAKEN = 'Você já tem um link com esse código.';
export const SOURCE_LINK_NOT_FOUND = 'Link não encontrado.';
export const SOURCE_LINKS_MAX = 50;
export const SOURCE_LINKS_FULL = `Você chegou ao limite de ${SOURCE_LINKS_MAX} links de origem.`;

export const sourceLinkInputSchema = z.object({
  name: z.string().trim().min(1, { error: SOURCE_LINK_NAME_REQUIRED }).max(60, { error: 'Use até 60 caracteres.' }),
  code: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{2,20}$/, { error: SOURCE_LINK_CODE_INVALID })),
});
export type SourceLinkInput = z.input<typeof sourceLinkInputSchema>;

export const sourceLinkDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** One wa.me link per connected number (the prefilled message carries the code). */
  links: z.array(z.object({ numberLabel: z.string(), url: z.string(), qrPng: z.string() })),
  createdAt: z.string(),
});
export type SourceLinkDto = z.infer<typeof sourceLinkDtoSchema>;
export const sourceLinkListSchema = z.object({ items: z.array(sourceLinkDtoSchema) });

/** One row of 'Origem das vendas': an ad, a link, or 'Direto'. */
export const salesSourceRowSchema = z.object({
  kind: z.enum(['ad', 'link', 'direct']),
  /** The ad's id (or URL) or the link's id; '' for 'Direto'. */
  sourceKey: z.string(),
  label: z.string(),
  conversations: z.number(),
  qualified: z.number(),
  orders: z.number(),
  paidOrders: z.number(),
  revenueCents: z.number(),
  /** Conversations that opened Meta's free entry point window (official API ads). */
  freeEntry: z.number(),
  costCents: z.number().nullable(),
  costPerConversationCents: z.number().nullable(),
  costPerSaleCents: z.number().nullable(),
});
export type SalesSourceRow = z.infer<typeof salesSourceRowSchema>;
export const salesSourcesSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(salesSourceRowSchema),
});
export type SalesSources = z.infer<typeof salesSourcesSchema>;

export const sourceCostInputSchema = z.object({
  kind: z.enum(['ad', 'link']),
  sourceKey: z.string().trim().min(1).max(300),
  /** Null clears it. */
  costCents: z
    .number({ error: 'Informe o valor em reais.' })
    .int()
    .min(0, { error: 'O valor não pode ser negativo.' })
    .max(100_000_000, { error: 'Valor alto demais.' })
    .nullable(),
});
export type SourceCostInput = z.infer<typeof sourceCostInputSchema>;

/** Configurações → 'API de Conversões da Meta' (docs/decisions/071-ad-attribution.md). */
export const CAPI_DATASET_INVALID = 'O ID do conjunto de dados tem só números (veja no Gerenciador de Eventos).';
export const CAPI_TOKEN_REQUIRED = 'Cole o token de acesso gerado no Gerenciador de Eventos.';
export const capiSettingsInputSchema = z.object({
  datasetId: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, { error: CAPI_DATASET_INVALID }),
  accessToken: z.string().trim().min(20, { error: CAPI_TOKEN_REQUIRED }).max(1000, { error: 'Token longo demais.' }),
  pageId: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, { error: 'O ID da página tem só números.' })
    .or(z.literal(''))
    .optional(),
});
export type CapiSettingsInput = z.input<typeof capiSettingsInputSchema>;

export const capiEventLogSchema = z.object({
  id: z.string(),
  eventName: z.enum(['LeadSubmitted', 'Purchase']),
  state: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  valueCents: z.number().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type CapiEventLog = z.infer<typeof capiEventLogSchema>;

export const capiSettingsSchema = z.object({
  connected: z.boolean(),
  datasetId: z.string().nullable(),
  pageId: z.string().nullable(),
  events: z.array(capiEventLogSchema),
});
export type CapiSettings = z.infer<typeof capiSettingsSchema>;
