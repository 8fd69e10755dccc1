import { z } from 'zod';
import { INVALID_PHONE } from './auth.ts';
import { LIMITS } from './constants.ts';
import { formatPhone, isValidPhone } from './phone.ts';

/** Connected WhatsApp numbers ("instances"): docs/product/data.md, docs/product/rules.md and docs/product/messages.md. */

export const NICKNAME_REQUIRED = 'Por favor, insira um apelido para a instância';
export const NICKNAME_TOO_LONG = `O apelido deve ter no máximo ${LIMITS.nicknameMax} caracteres.`;
export const PHONE_MISSING = 'Número de telefone não fornecido';
/** The 409 answer to adding a number another account (or this one) already connected. */
export const PHONE_IN_USE = 'Número já em uso';
export const PHONE_IN_USE_TEXT =
  'Este número de WhatsApp já está sendo usado por outra conta. Cada número pode ser conectado apenas uma vez no sistema.';
export const INSTANCE_NAME_FAILED = 'Não foi possível gerar nome da instância';
export const QR_GENERATION_FAILED = 'Erro ao gerar QR Code. Tente novamente.';
export const QR_LOAD_FAILED = 'Erro ao carregar QR Code. Tente novamente.';
export const CHECK_PHONE_FAILED = 'Erro ao verificar número. Tente novamente.';
export const UNEXPECTED_ERROR = 'Erro inesperado. Tente novamente.';
export const DELETE_NUMBER_FAILED = 'Erro ao excluir instância. Tente novamente.';
export const LOAD_NUMBERS_FAILED = 'Erro ao carregar instâncias';
export const NUMBER_ALREADY_CONNECTED = 'Este número já está conectado.';
export const AGENT_NOT_FOUND = 'Agente não encontrado.';
/** Prefix of every gateway failure: the spec's wording, with the gateway's name (docs/product/messages.md). */
export const GATEWAY_ERROR = 'Erro na Evolution API';

export const NUMBER_STATUSES = ['CONECTADO', 'DESCONECTADO'] as const;
export type NumberStatus = (typeof NUMBER_STATUSES)[number];
export const CONNECTION_STATES = ['open', 'connecting', 'close'] as const;
export type ConnectionStateName = (typeof CONNECTION_STATES)[number];

/** E.164 as the phone input keeps it; any form libphonenumber understands is accepted. */
const phone = z.string({ error: INVALID_PHONE }).refine(isValidPhone, { error: INVALID_PHONE });

const apelido = z
  .string({ error: NICKNAME_REQUIRED })
  .trim()
  .min(1, { error: NICKNAME_REQUIRED })
  .max(LIMITS.nicknameMax, { error: NICKNAME_TOO_LONG });

/** Phone entry dialog (docs/product/rules.md#validation). */
export const phoneEntrySchema = z.object({ phone, apelido });
export type PhoneEntryInput = z.infer<typeof phoneEntrySchema>;

/** POST /api/numbers: create the instance at the gateway and return its first QR. */
export const createNumberSchema = phoneEntrySchema;
export type CreateNumberInput = z.infer<typeof createNumberSchema>;

/** POST /api/numbers/check-phone (the spec's check_phone_exists). */
export const checkPhoneSchema = z.object({ phone });
export type CheckPhoneInput = z.infer<typeof checkPhoneSchema>;
export const checkPhoneResultSchema = z.object({
  /** The normalised number is connected in some account. */
  exists: z.boolean(),
  /** …and that account is the caller's own. */
  ownedByYou: z.boolean(),
});
export type CheckPhoneResult = z.infer<typeof checkPhoneResultSchema>;

/**
 * Whom the AI answers on a number (decision 015): every contact, or only contacts whose first message
 * arrives after the number was connected.
 */
export const AI_AUDIENCES = ['all', 'new'] as const;
export type AiAudience = (typeof AI_AUDIENCES)[number];
export const AI_AUDIENCE_LABELS: Record<AiAudience, string> = {
  all: 'Todos os contatos',
  new: 'Só contatos novos',
};
export const AI_AUDIENCE_INVALID = "Escolha a quem a IA responde: 'Todos os contatos' ou 'Só contatos novos'.";

/** PATCH /api/numbers/:id: nickname, and the agent that answers on the number (null = 'Desativar Agente'). */
export const updateNumberSchema = z
  .object({
    apelido: apelido.optional(),
    agente: z.uuid({ error: AGENT_NOT_FOUND }).nullable().optional(),
    ai_audience: z.enum(AI_AUDIENCES, { error: AI_AUDIENCE_INVALID }).optional(),
    /** Cloud numbers: the AI's answer as one message instead of several (docs/decisions/064-cloud-meter-and-one-balloon.md). */
    one_balloon: z.boolean({ error: 'Escolha se a resposta da IA vai numa mensagem só.' }).optional(),
  })
  .refine(
    (v) =>
      v.apelido !== undefined || v.agente !== undefined || v.ai_audience !== undefined || v.one_balloon !== undefined,
    {
      error: 'Nada para atualizar.',
    },
  );
export type UpdateNumberInput = z.infer<typeof updateNumberSchema>;

export const ONE_BALLOON_ONLY_CLOUD =
  'A opção de uma mensagem só vale para números da API oficial da Meta: no QR Code as mensagens não são cobradas.';

/** One number as the instances list shows it (docs/product/integrations.md "numbers: select ..."). */
export const numberSchema = z.object({
  id: z.string(),
  /** Digits only, calling code included. */
  phone: z.string(),
  instance_name: z.string(),
  apelido: z.string().nullable(),
  status: z.enum(NUMBER_STATUSES),
  agente: z.string().nullable(),
  agente_nome: z.string().nullable(),
  created_at: z.string(),
  connected_at: z.string().nullable(),
  ai_audience: z.enum(AI_AUDIENCES),
  /** Why the last connection was cut (another phone scanned the QR code), in Portuguese; null when none. */
  connection_problem: z.string().nullable(),
  /** 'evolution': connected by QR code; 'cloud': the official WhatsApp Cloud API (Meta). */
  provider: z.enum(['evolution', 'cloud']),
  /** Cloud API only: Meta's quality rating ('GREEN', 'YELLOW', 'RED') and messaging limit tier ('TIER_1K'…). */
  quality_rating: z.string().nullable(),
  messaging_limit: z.string().nullable(),
  /** Cloud numbers: the AI's answer goes as one message instead of several (each delivered message is charged). */
  one_balloon: z.boolean(),
});
export type NumberView = z.infer<typeof numberSchema>;

/** POST /api/numbers → the new number and its QR (a data URI, or null when not generated yet). */
export const createdNumberSchema = z.object({ number: numberSchema, qrCode: z.string().nullable() });
export type CreatedNumber = z.infer<typeof createdNumberSchema>;

/** GET /api/numbers/:id/qr and POST /api/numbers/:id/reconnect. `qrCode` null only when already connected. */
export const numberQrSchema = z.object({ qrCode: z.string().nullable(), status: z.enum(NUMBER_STATUSES) });
export type NumberQr = z.infer<typeof numberQrSchema>;

/** GET /api/numbers/:id/state (polled every 2 s while the QR is shown). */
export const numberStateSchema = z.object({
  state: z.enum(CONNECTION_STATES),
  status: z.enum(NUMBER_STATUSES),
  /** The connection was cut because another phone scanned the QR code: why, in Portuguese. */
  problem: z.string().nullable().optional(),
});
export type NumberState = z.infer<typeof numberStateSchema>;

/**
 * POST /api/numbers/:id/expire (the 90 s countdown ran out):
 * - `removed`: a number that never connected was deleted at the gateway and in the database;
 * - `kept`: a number being reconnected stays in the list, disconnected (its conversations are kept);
 * - `connected`: the phone connected at the last moment, nothing was removed.
 */
export const expireResultSchema = z.object({ outcome: z.enum(['removed', 'kept', 'connected']) });
export type ExpireResult = z.infer<typeof expireResultSchema>;

/** Instance display name (docs/product/data.md): the nickname, else 'WhatsApp {formatted phone}'. */
export function instanceDisplayName(n: { apelido: string | null; phone: string }): string {
  const nickname = n.apelido?.trim();
  return nickname ? nickname : `WhatsApp ${formatPhone(n.phone)}`;
}

/** POST /api/numbers/cloud: the Embedded Signup's code, exchanged on the server for the business token. */
export const connectCloudNumberSchema = z.object({
  code: z.string().trim().min(1, { error: 'Nenhum código recebido.' }).max(2000),
  apelido: z.string().trim().max(60).optional(),
});
export type ConnectCloudNumberInput = z.infer<typeof connectCloudNumberSchema>;

/**
 * POST /api/numbers/cloud → the connected number and its two-step verification PIN, shown to the owner this
 * once (VendAI registered the number with it; docs/decisions/053-cloud-registration-window-standby.md).
 */
export const connectedCloudNumberSchema = numberSchema.extend({ two_step_pin: z.string().regex(/^\d{6}$/) });
export type ConnectedCloudNumber = z.infer<typeof connectedCloudNumberSchema>;

/** Meta's pricing categories, as the Cloud meter counts them (docs/decisions/064-cloud-meter-and-one-balloon.md). */
export const CLOUD_METER_CATEGORIES = ['service', 'utility', 'marketing', 'authentication'] as const;
export type CloudMeterCategory = (typeof CLOUD_METER_CATEGORIES)[number];
export const CLOUD_METER_CATEGORY_LABELS: Record<CloudMeterCategory, string> = {
  service: 'Atendimento',
  utility: 'Utilidade',
  marketing: 'Marketing',
  authentication: 'Autenticação',
};

const categoryCounts = z.object({
  service: z.number().int(),
  utility: z.number().int(),
  marketing: z.number().int(),
  authentication: z.number().int(),
});

/** GET /api/numbers/cloud-meter?month=YYYY-MM: the month's messages Meta accepted from each Cloud number. */
export const cloudMeterQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido: use AAAA-MM.' })
    .optional(),
});
export const cloudMeterSchema = z.object({
  /** 'YYYY-MM', in the account's time zone. */
  month: z.string(),
  /** US$ per billable message by category and reais per dollar: the estimate's constants. */
  usd_per_message: z.object({
    service: z.number(),
    utility: z.number(),
    marketing: z.number(),
    authentication: z.number(),
  }),
  brl_per_usd: z.number(),
  numbers: z.array(
    z.object({
      number_id: z.string(),
      /** Every message Meta accepted, by category. */
      sent: categoryCounts,
      /** Those Meta charges (Meta's own pricing when its status webhook said, else VendAI's reading). */
      billable: categoryCounts,
      billable_total: z.number().int(),
      /** How many of them Meta priced itself (the rest are VendAI's reading until Meta's webhook comes). */
      priced_by_meta: z.number().int(),
      estimate_brl: z.number(),
    }),
  ),
});
export type CloudMeter = z.infer<typeof cloudMeterSchema>;
