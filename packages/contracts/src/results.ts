import { z } from 'zod';
import { resultsFunnelSchema } from './funnel.ts';

/**
 * Resultados (docs/decisions/017-results-figures.md): what the AI did for the business in a period, compared with the period of
 * the same length just before it. Figures are computed on the server (modules/results); definitions
 * in docs/decisions/017-results-figures.md and docs/glossary.md.
 */

export const RESULTS_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type ResultsPeriod = (typeof RESULTS_PERIODS)[number];

export const RESULTS_PERIOD_LABELS: Record<ResultsPeriod, string> = {
  today: 'Hoje',
  '7d': '7 dias',
  '30d': '30 dias',
  custom: 'Personalizado',
};

/** The longest custom period, in days. */
export const RESULTS_MAX_DAYS = 366;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });

const RANGE_ORDER = 'Escolha a data inicial e a final (a inicial antes da final).';

/** The page's 'Personalizado' form: two local dates, the first not after the second. */
export const resultsCustomRangeSchema = z
  .object({ from: localDate, to: localDate })
  .refine((r) => r.from <= r.to, { error: RANGE_ORDER, path: ['to'] });
export type ResultsCustomRange = z.infer<typeof resultsCustomRangeSchema>;

/** GET /api/results and /api/results/export.csv. `numberId` absent: all the user's numbers. */
export const resultsQuerySchema = z
  .object({
    period: z.enum(RESULTS_PERIODS).default('7d'),
    from: localDate.optional(),
    to: localDate.optional(),
    numberId: z.string().optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    error: RANGE_ORDER,
    path: ['from'],
  });
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

const percentilesSchema = z.object({
  /** Seconds; null when no burst was answered by this side. */
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  /** Answered bursts. */
  count: z.number().int(),
});

export const resultsFiguresSchema = z.object({
  conversationsStarted: z.number().int(),
  /** Conversations with at least one customer message in the period. */
  customers: z.number().int(),
  messagesIn: z.number().int(),
  /** Sent messages (AI and owner); failed sends are counted apart. */
  messagesOut: z.number().int(),
  aiMessages: z.number().int(),
  ownerMessages: z.number().int(),
  /** AI replies (one per answered burst, however many parts), as the plan counts them. */
  aiAnswers: z.number().int(),
  firstResponse: z.object({ ai: percentilesSchema, owner: percentilesSchema }),
  /** Conversations with at least one answer, and those where every answer came from the AI. */
  answeredConversations: z.number().int(),
  aiOnlyConversations: z.number().int(),
  /** The owner's first message after an AI message in a conversation, by where the owner wrote. */
  handovers: z.object({ total: z.number().int(), inbox: z.number().int(), phone: z.number().int() }),
  /**
   * The AI handing the conversation to the owner (docs/decisions/015-handoff.md): the customer asked for a person or the AI
   * decided a person should answer (`toPerson`), and the AI needing the owner's information
   * (`needsOwner`). Counted from the owner alerts written (owner_alerts), so an alert kind switched off
   * or the alert limits (one per conversation an hour, the daily cap) leave some out.
   */
  aiHandoffs: z.object({ total: z.number().int(), toPerson: z.number().int(), needsOwner: z.number().int() }),
  /** AI replies sent outside business hours (account time zone). */
  outsideHoursAnswers: z.number().int(),
  optOuts: z.number().int(),
  failedSends: z.number().int(),
  /**
   * Follow-up touches sent, customers who wrote after one (within 7 days, before the next touch), and
   * of those the conversations recovered: a reply that was no opt-out and got an answer (decision 037).
   */
  followUps: z.object({ sent: z.number().int(), replied: z.number().int(), recovered: z.number().int() }),
  /**
   * Sales through Pix (decision 038): orders created, orders paid and what they paid (centavos), and the
   * conversations with a paid order (conversion = paidConversations / customers).
   */
  sales: z.object({
    orders: z.number().int(),
    paidOrders: z.number().int(),
    revenueCents: z.number().int(),
    paidConversations: z.number().int(),
  }),
  /**
   * Message templates sent on official-API numbers (decision 041), by Meta's category (each category is
   * charged by Meta); failed sends are not counted.
   */
  templates: z.object({
    total: z.number().int(),
    utility: z.number().int(),
    marketing: z.number().int(),
    authentication: z.number().int(),
  }),
});
export type ResultsFigures = z.infer<typeof resultsFiguresSchema>;

export const resultsDaySchema = z.object({
  /** Local date in the account's time zone, AAAA-MM-DD. */
  date: z.string(),
  conversationsStarted: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  aiAnswers: z.number().int(),
  ownerMessages: z.number().int(),
  outsideHoursAnswers: z.number().int(),
  failedSends: z.number().int(),
  /** Median first-response time of the answers given that day (seconds), null when none. */
  firstResponseP50: z.number().nullable(),
  /** Follow-ups sent that day, and of them the customers who replied and the conversations recovered. */
  followUpsSent: z.number().int(),
  followUpsReplied: z.number().int(),
  followUpsRecovered: z.number().int(),
  /** Orders created that day, orders paid that day and what they paid (centavos). */
  orders: z.number().int(),
  paidOrders: z.number().int(),
  revenueCents: z.number().int(),
  /** Templates sent that day on official-API numbers, by category. */
  templatesUtility: z.number().int(),
  templatesMarketing: z.number().int(),
  templatesAuthentication: z.number().int(),
});
export type ResultsDay = z.infer<typeof resultsDaySchema>;

export const resultsSchema = z.object({
  period: z.object({
    kind: z.enum(RESULTS_PERIODS),
    /** Local dates, inclusive. */
    fromDate: z.string(),
    toDate: z.string(),
    previousFromDate: z.string(),
    previousToDate: z.string(),
    timeZone: z.string(),
  }),
  numbers: z.array(z.object({ id: z.string(), label: z.string() })),
  numberId: z.string().nullable(),
  /** False until the account has any message: the page shows its empty state. */
  hasData: z.boolean(),
  current: resultsFiguresSchema,
  previous: resultsFiguresSchema,
  days: z.array(resultsDaySchema),
  /** Customer messages per weekday (0 = segunda … 6 = domingo) × local hour (0–23). */
  heatmap: z.array(z.array(z.number().int())),
  /** The plan's monthly AI messages: used so far, the limit and the projection to the period's end. */
  usage: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    projected: z.number().int(),
    periodStart: z.string(),
    periodEnd: z.string(),
  }),
  /** How 'fora do horário' is defined for this account, in words. */
  businessHours: z.string(),
  /**
   * Set while the account's history from this instant (ISO) is still being rolled up in the background
   * and was too big to read live: the figures leave those hours out for now (a few minutes).
   */
  pendingFrom: z.string().nullable(),
  /** 'Funil de vendas' for the period's conversations (docs/decisions/043-labels-notes-funnel.md). */
  funnel: resultsFunnelSchema,
});
export type Results = z.infer<typeof resultsSchema>;

/** The CSV export's header row (pt-BR, ';'-separated so spreadsheet apps in Brazil open it in columns). */
export const RESULTS_CSV_HEADER = [
  'Data',
  'Conversas iniciadas',
  'Mensagens recebidas',
  'Mensagens enviadas',
  'Respostas da IA',
  'Mensagens do dono',
  'Respostas fora do horário',
  'Envios com falha',
  'Tempo da 1ª resposta (mediana, s)',
  'Acompanhamentos enviados',
  'Clientes que responderam a um acompanhamento',
  'Conversas recuperadas',
  'Pedidos',
  'Pedidos pagos',
  'Receita recebida (R$)',
  'Modelos enviados: utilidade',
  'Modelos enviados: marketing',
  'Modelos enviados: autenticação',
] as const;

/** GET /api/results/export.csv answers the CSV text itself (text/csv, attachment). */
export const resultsCsvSchema = z.string().describe('CSV (text/csv; charset=utf-8), anexo');
