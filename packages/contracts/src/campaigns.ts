import { z } from 'zod';

/**
 * Campanhas (docs/decisions/072-campaigns.md): a message to the contacts of one number who gave their
 * marketing consent, sent at a safe pace through the one door out, with its results.
 */

export const CONSENT_METHODS = ['asked_in_chat', 'link', 'form', 'imported_with_declaration'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** How each way of consenting reads on the screen. */
export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  asked_in_chat: 'Perguntei na conversa',
  link: 'Pelo link',
  form: 'Por formulário',
  imported_with_declaration: 'Importado com declaração',
};

export const CAMPAIGN_MESSAGES = {
  method: 'Escolha como o cliente aceitou receber campanhas.',
  givenAt: 'Informe uma data válida, que não esteja no futuro.',
  group: 'Grupos não recebem campanhas.',
  conversationNotFound: 'Conversa não encontrada.',
  campaignNotFound: 'Campanha não encontrada.',
  numberNotFound: 'Escolha um WhatsApp conectado da sua conta.',
  name: 'Dê um nome à campanha (até 80 caracteres).',
  text: 'Escreva a mensagem (até 1000 caracteres).',
  days: 'Informe um número de dias entre 1 e 730.',
  scheduledAt: 'Escolha uma data e hora válidas.',
  emptyAudience: 'Nenhum contato deste público pode receber a campanha. Veja os motivos de exclusão.',
  qrCold:
    'No WhatsApp conectado por QR Code, campanhas só vão para quem escreveu nos últimos 90 dias e deu consentimento. Listas frias são recusadas: o risco de bloqueio do número é alto.',
  cloudTemplate: 'Escolha um modelo de marketing aprovado pela Meta para o número da API oficial.',
  notEditable: 'Esta campanha já terminou ou foi cancelada.',
  weeklyCap: 'Informe de 1 a 7 mensagens de campanha por contato na semana.',
  csvEmpty: 'O arquivo não tem nenhuma linha de contato.',
  csvDeclaration: 'Confirme que estes contatos aceitaram receber suas campanhas.',
  csvTooLarge: 'Envie no máximo 5.000 linhas por vez.',
} as const;

/** Why a contact of the audience does not receive the campaign. */
export const EXCLUSION_REASONS = ['no_consent', 'opted_out', 'never_answer', 'qr_cold', 'weekly_cap'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  no_consent: 'Sem consentimento registrado',
  opted_out: 'Pediu para não receber mensagens',
  never_answer: "Marcado como 'Nunca responder'",
  qr_cold: 'Não escreveu nos últimos 90 dias (WhatsApp por QR Code)',
  weekly_cap: 'Já recebeu o máximo de campanhas da semana',
};

/** The QR track's plain warning, shown before sending. */
export const QR_RISK_WARNING =
  'Atenção: campanhas pelo WhatsApp conectado por QR Code podem levar ao bloqueio do número pelo WhatsApp. A VendAI envia em lotes pequenos, dentro do horário comercial, com intervalos e textos variados — mas o risco existe. Para campanhas maiores, use a API oficial da Meta.';

export const consentDtoSchema = z.object({
  active: z.boolean(),
  method: z.enum(CONSENT_METHODS),
  givenAt: z.string(),
  recordedByName: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedReason: z.enum(['opt_out', 'owner']).nullable(),
});
export type ConsentDto = z.infer<typeof consentDtoSchema>;
export const consentStateSchema = z.object({ consent: consentDtoSchema.nullable() });
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentInputSchema = z.object({
  method: z.enum(CONSENT_METHODS, { error: CAMPAIGN_MESSAGES.method }),
  /** When the customer agreed (ISO); absent: now. */
  givenAt: z.iso.datetime({ offset: true, error: CAMPAIGN_MESSAGES.givenAt }).optional(),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

const days = z
  .number({ error: CAMPAIGN_MESSAGES.days })
  .int({ error: CAMPAIGN_MESSAGES.days })
  .min(1, { error: CAMPAIGN_MESSAGES.days })
  .max(730, { error: CAMPAIGN_MESSAGES.days });

export const campaignAudienceSchema = z.object({
  labelIds: z.array(z.guid()).max(50).default([]),
  stageIds: z.array(z.guid()).max(20).default([]),
  purchase: z
    .object({ mode: z.enum(['bought', 'not_bought']), days })
    .nullable()
    .default(null),
  silentDays: days.nullable().default(null),
  /** Only customers who came from an ad (the conversation's source, decision 071). */
  fromAd: z.boolean().optional(),
  /** Customers with a booking in the agenda ('booked': booked, confirmed or attended) or who did not show up. */
  booking: z.enum(['booked', 'no_show']).nullable().optional(),
});
export type CampaignAudienceInput = z.input<typeof campaignAudienceSchema>;
export type CampaignAudienceDto = z.infer<typeof campaignAudienceSchema>;

export const audiencePreviewInputSchema = z.object({
  numberId: z.guid({ error: CAMPAIGN_MESSAGES.numberNotFound }),
  audience: campaignAudienceSchema,
});

export const audiencePreviewSchema = z.object({
  track: z.enum(['cloud', 'qr']),
  /** Contacts of the number the filters matched. */
  matched: z.number(),
  /** Those who receive it. */
  eligible: z.number(),
  excluded: z.array(z.object({ reason: z.enum(EXCLUSION_REASONS), label: z.string(), count: z.number() })),
  /** Cloud: Meta's marketing price × eligible, in reais (an estimate); QR: 0. */
  estimatedCostBrl: z.number(),
  /** QR: the most sent a day (the warm-up for a new number). */
  dailyLimit: z.number().nullable(),
  /** QR: the plain warning; null on Cloud. */
  warning: z.string().nullable(),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const campaignInputSchema = z.object({
  name: z
    .string({ error: CAMPAIGN_MESSAGES.name })
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.name })
    .max(80, { error: CAMPAIGN_MESSAGES.name }),
  numberId: z.guid({ error: CAMPAIGN_MESSAGES.numberNotFound }),
  audience: campaignAudienceSchema,
  text: z
    .string({ error: CAMPAIGN_MESSAGES.text })
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.text })
    .max(1000, { error: CAMPAIGN_MESSAGES.text }),
  /** Cloud: the approved marketing template's name and language. */
  template: z
    .object({ name: z.string().min(1).max(512), language: z.string().min(2).max(15) })
    .nullable()
    .default(null),
  /** Absent: now. */
  scheduledAt: z.iso.datetime({ offset: true, error: CAMPAIGN_MESSAGES.scheduledAt }).nullable().default(null),
  recurrence: z.enum(['none', 'monthly']).default('none'),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const CAMPAIGN_STATUS_LABELS = {
  scheduled: 'Agendada',
  sending: 'Enviando',
  paused: 'Pausada',
  done: 'Concluída',
  cancelled: 'Cancelada',
} as const;

export const campaignResultsSchema = z.object({
  audience: z.number(),
  pending: z.number(),
  sent: z.number(),
  /** Bookings in the agenda by recipients after the campaign's message (booked, confirmed or attended). */
  booked: z.number(),
  delivered: z.number(),
  read: z.number(),
  replied: z.number(),
  optedOut: z.number(),
  skipped: z.number(),
  failed: z.number(),
  orders: z.number(),
  paidRevenueCents: z.number(),
  /** Cloud: what Meta charges for what was sent (the meter's reading), in reais. */
  costBrl: z.number(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const campaignDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  numberId: z.string(),
  numberLabel: z.string(),
  track: z.enum(['cloud', 'qr']),
  status: z.enum(['scheduled', 'sending', 'paused', 'done', 'cancelled']),
  pausedReason: z.string().nullable(),
  text: z.string(),
  audience: campaignAudienceSchema,
  scheduledAt: z.string(),
  recurrence: z.enum(['none', 'monthly']),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  results: campaignResultsSchema,
  /** Cloud: the template it sends, with Meta's status when VendAI submitted it (decision 075). */
  template: z
    .object({
      name: z.string(),
      status: z.string().nullable(),
      statusLabel: z.string().nullable(),
      category: z.string().nullable(),
      previousCategory: z.string().nullable(),
      reasonText: z.string().nullable(),
    })
    .nullable(),
});
export type CampaignDto = z.infer<typeof campaignDtoSchema>;
export const campaignListSchema = z.object({ items: z.array(campaignDtoSchema) });

export const campaignSettingsSchema = z.object({
  weeklyCap: z
    .number({ error: CAMPAIGN_MESSAGES.weeklyCap })
    .int({ error: CAMPAIGN_MESSAGES.weeklyCap })
    .min(1, { error: CAMPAIGN_MESSAGES.weeklyCap })
    .max(7, { error: CAMPAIGN_MESSAGES.weeklyCap }),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

export const consentImportInputSchema = z.object({
  csv: z.string().max(1_000_000, { error: CAMPAIGN_MESSAGES.csvTooLarge }),
  declaration: z.literal(true, { error: CAMPAIGN_MESSAGES.csvDeclaration }),
});
export const consentImportResultSchema = z.object({
  imported: z.number(),
  errors: z.array(z.object({ line: z.number(), text: z.string(), error: z.string() })),
});
export type ConsentImportResult = z.infer<typeof consentImportResultSchema>;

/** Fills the text's variables from the contact: {nome} (first name, else 'tudo bem') and {ultimo_item}. */
export function fillCampaignText(text: string, contact: { name: string | null; lastItem: string | null }): string {
  const first = contact.name?.trim().split(/\s+/)[0] ?? '';
  return text
    .replace(/\{nome\}/g, first || 'cliente')
    .replace(/\{ultimo_item\}/g, contact.lastItem?.trim() || 'seu último pedido')
    .trim();
}

export const campaignSuggestionInputSchema = z.object({
  goal: z
    .string({ error: 'Conte em poucas palavras o objetivo da campanha.' })
    .trim()
    .min(3, { error: 'Conte em poucas palavras o objetivo da campanha.' })
    .max(300, { error: 'Descreva o objetivo em até 300 caracteres.' }),
});
export const campaignSuggestionSchema = z.object({ text: z.string() });

/** Meta's template statuses as VendAI shows them (docs/decisions/075-template-submission.md). */
export const TEMPLATE_STATUS_VALUES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'FLAGGED'] as const;

export const TEMPLATE_MESSAGES = {
  text: 'Escreva o texto do modelo (até 1024 caracteres).',
  footer: 'O rodapé pode ter até 60 caracteres.',
  notCloud: 'Modelos da Meta só existem em números conectados pela API oficial.',
  notApproved: 'O modelo desta campanha ainda não foi aprovado pela Meta. Espere a aprovação para enviar.',
  templateNotFound: 'Modelo não encontrado.',
} as const;

export const campaignTemplateInputSchema = z.object({
  numberId: z.guid({ error: CAMPAIGN_MESSAGES.numberNotFound }),
  /** The campaign's name: the template's name comes from it. */
  name: z
    .string({ error: CAMPAIGN_MESSAGES.name })
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.name })
    .max(80, { error: CAMPAIGN_MESSAGES.name }),
  /** The owner's text with {nome} and {ultimo_item}. */
  text: z
    .string({ error: TEMPLATE_MESSAGES.text })
    .trim()
    .min(1, { error: TEMPLATE_MESSAGES.text })
    .max(1024, { error: TEMPLATE_MESSAGES.text }),
  footer: z.string().trim().max(60, { error: TEMPLATE_MESSAGES.footer }).nullable().default(null),
  /** A quick-reply button 'Parar de receber'. */
  stopButton: z.boolean().default(true),
});
export type CampaignTemplateInput = z.input<typeof campaignTemplateInputSchema>;

export const campaignTemplateDtoSchema = z.object({
  id: z.string(),
  numberId: z.string(),
  name: z.string(),
  language: z.string(),
  text: z.string(),
  /** Meta's body, {{1}}… */
  body: z.string(),
  status: z.enum(TEMPLATE_STATUS_VALUES),
  statusLabel: z.string(),
  category: z.string(),
  /** Meta moved it from this category (shown). */
  previousCategory: z.string().nullable(),
  /** Rejected: why and what to change, in Portuguese. */
  reasonText: z.string().nullable(),
  updatedAt: z.string(),
});
export type CampaignTemplateDto = z.infer<typeof campaignTemplateDtoSchema>;
export const campaignTemplateListSchema = z.object({ items: z.array(campaignTemplateDtoSchema) });
export const campaignTemplateQuerySchema = z.object({
  numberId: z.guid({ error: CAMPAIGN_MESSAGES.numberNotFound }).optional(),
});
