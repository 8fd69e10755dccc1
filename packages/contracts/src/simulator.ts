import { z } from 'zod';

/**
 * The 'Simulador de WhatsApp' page's API (/simulator/ui-api/*): the built-in simulator's control
 * surface, used only by the page that plays the phones and the customers. Off unless the simulator
 * is enabled on the server.
 */

export const SIM_LIMITS = {
  textMax: 4096,
  captionMax: 1024,
  nameMax: 60,
  groupSubjectMax: 80,
  fileNameMax: 200,
  /** Media sent from the page, in bytes (before base64). */
  mediaMaxBytes: 8 * 1024 * 1024,
  audioMaxSeconds: 600,
} as const;

const digitsOnly = (v: string) => v.replace(/\D/g, '');
export const SIM_PHONE_INVALID = 'Informe o número com DDI e DDD, só dígitos (ex.: 5511987654321).';

export const simPhoneSchema = z
  .string({ error: SIM_PHONE_INVALID })
  .transform(digitsOnly)
  .refine((v) => /^\d{10,15}$/.test(v), { error: SIM_PHONE_INVALID });

const base64 = z
  .string({ error: 'Arquivo ausente.' })
  .min(1, { error: 'Arquivo ausente.' })
  .max(Math.ceil((SIM_LIMITS.mediaMaxBytes * 4) / 3) + 4, { error: 'Arquivo grande demais (máximo 8 MB).' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Arquivo inválido.' });

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const simOutgoingMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().trim().min(1, { error: 'Escreva uma mensagem.' }).max(SIM_LIMITS.textMax),
  }),
  z.object({
    type: z.literal('image'),
    base64,
    mimetype: z.string().regex(/^image\//, { error: 'Escolha uma imagem.' }),
    caption: optionalText(SIM_LIMITS.captionMax),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
  }),
  z.object({
    type: z.literal('audio'),
    base64,
    mimetype: z.string().regex(/^audio\//, { error: 'Escolha um áudio.' }),
    seconds: z.number().int().min(1).max(SIM_LIMITS.audioMaxSeconds),
  }),
  z.object({
    type: z.literal('document'),
    base64,
    mimetype: z.string().min(1).max(200),
    fileName: z.string().trim().min(1, { error: 'O documento precisa de um nome.' }).max(SIM_LIMITS.fileNameMax),
    caption: optionalText(SIM_LIMITS.captionMax),
  }),
  z.object({
    type: z.literal('location'),
    latitude: z.number({ error: 'Latitude inválida.' }).min(-90).max(90),
    longitude: z.number({ error: 'Longitude inválida.' }).min(-180).max(180),
    name: optionalText(120),
    address: optionalText(200),
  }),
  z.object({
    type: z.literal('contact'),
    displayName: z.string().trim().min(1, { error: 'Informe o nome do contato.' }).max(SIM_LIMITS.nameMax),
    phone: simPhoneSchema,
  }),
]);
export type SimOutgoingMessage = z.infer<typeof simOutgoingMessageSchema>;
export type SimMessageKind = SimOutgoingMessage['type'];

/** POST /simulator/ui-api/instances/:name/messages — the person writes as a customer. */
export const simSendAsCustomerSchema = z.object({
  customer: z.object({
    phone: simPhoneSchema,
    name: z.string().trim().min(1, { error: 'Informe o nome do cliente.' }).max(SIM_LIMITS.nameMax),
  }),
  /** Write as a member of this group (new group when `jid` is absent). */
  group: z
    .object({
      jid: z
        .string()
        .regex(/^[\d-]+@g\.us$/)
        .optional(),
      subject: z.string().trim().min(1, { error: 'Informe o nome do grupo.' }).max(SIM_LIMITS.groupSubjectMax),
    })
    .optional(),
  /** Address the customer by an @lid key with remoteJidAlt = the phone JID (Baileys 7). */
  useLid: z.boolean().default(false),
  /** Deliver the same messages.upsert (same key id) twice, as a gateway retry would. */
  sendTwice: z.boolean().default(false),
  message: simOutgoingMessageSchema,
});
export type SimSendAsCustomerInput = z.input<typeof simSendAsCustomerSchema>;

export const SIM_QR_EXPIRED = 'Este QR Code expirou. Volte à tela de conexão e escaneie o QR Code novo.';
export const SIM_NOT_WAITING = 'Esta conexão não está aguardando a leitura de um QR Code.';

/** POST /simulator/ui-api/instances/:name/approve — the phone scans the QR. */
export const simApproveSchema = z.object({
  code: z.string().min(1, { error: SIM_QR_EXPIRED }),
  phone: simPhoneSchema,
  profileName: z.string().trim().max(SIM_LIMITS.nameMax).optional(),
});
export type SimApproveInput = z.input<typeof simApproveSchema>;

/**
 * POST /simulator/ui-api/instances/:name/delivery-faults — the next `count` sends of the connection fail
 * to deliver: 'pending' stays PENDING with no receipt (WhatsApp's reach-out time-lock, error 463),
 * 'error' gets status ERROR.
 */
export const simDeliveryFaultsSchema = z.object({
  kind: z.enum(['pending', 'error'], { error: "Escolha 'pending' ou 'error'." }),
  count: z
    .number({ error: 'Informe quantos envios devem falhar.' })
    .int({ error: 'Informe um número inteiro.' })
    .min(1, { error: 'Informe pelo menos 1 envio.' })
    .max(100, { error: 'No máximo 100 envios.' }),
});
export const simDeliveryFaultsResultSchema = z.object({ pendingFaults: z.number().int() });

export const simInstanceStateSchema = z.enum(['close', 'connecting', 'open']);
export type SimInstanceState = z.infer<typeof simInstanceStateSchema>;

/** The route params of the page's API. */
export const simInstanceParamsSchema = z.object({ name: z.string() });
export const SIM_CHAT_NOT_FOUND = 'Conversa não encontrada.';
export const simChatParamsSchema = z.object({ name: z.string(), chatId: z.guid({ error: SIM_CHAT_NOT_FOUND }) });

/** Parsed bodies (defaults applied, phone digits only): what the simulator receives from the routes. */
export type SimApproveData = z.output<typeof simApproveSchema>;
export type SimSendAsCustomerData = z.output<typeof simSendAsCustomerSchema>;

export const simInstanceViewSchema = z.object({
  name: z.string(),
  state: simInstanceStateSchema,
  /** While connecting: the QR the app shows (its content is the approval link). */
  qr: z
    .object({ base64: z.string(), code: z.string(), approveCode: z.string(), count: z.number(), expiresAt: z.string() })
    .nullable(),
  ownerPhone: z.string().nullable(),
  profileName: z.string().nullable(),
  /** For the approval form: the phone the app registered for this instance, if the app has one. */
  suggestedPhone: z.string().nullable(),
  /** Where this instance's webhooks go (null when none is configured). */
  webhookUrl: z.string().nullable(),
  chats: z.number(),
  createdAt: z.string(),
});
export type SimInstanceView = z.infer<typeof simInstanceViewSchema>;

export const simChatViewSchema = z.object({
  id: z.string(),
  remoteJid: z.string(),
  lid: z.string().nullable(),
  isGroup: z.boolean(),
  /** Customer's name or group subject. */
  name: z.string().nullable(),
  /** 1:1 chats: the customer's digits. */
  phone: z.string().nullable(),
  lastMessageAt: z.string(),
  lastPreview: z.string().nullable(),
  /** The business is 'composing' or 'recording' right now. */
  presence: z.enum(['composing', 'recording']).nullable(),
  /** Business messages the customer has not opened yet. */
  unread: z.number(),
});
export type SimChatView = z.infer<typeof simChatViewSchema>;

export const simMediaViewSchema = z.object({
  url: z.string(),
  mimetype: z.string().nullable(),
  fileName: z.string().nullable(),
  size: z.number().nullable(),
  seconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type SimMediaView = z.infer<typeof simMediaViewSchema>;

export const simMessageViewSchema = z.object({
  id: z.string(),
  keyId: z.string(),
  /** true = the business (the app) sent it; false = the customer or a group member. */
  fromBusiness: z.boolean(),
  type: z.enum(['text', 'image', 'audio', 'video', 'document', 'location', 'contact', 'other']),
  text: z.string().nullable(),
  caption: z.string().nullable(),
  /** Group messages: who wrote. */
  senderName: z.string().nullable(),
  senderPhone: z.string().nullable(),
  /** PENDING | SERVER_ACK | DELIVERY_ACK | READ */
  status: z.string(),
  timestamp: z.number(),
  /** How many times the webhook was asked to deliver it (2 with 'send twice'). */
  deliveries: z.number(),
  /** The key was @lid-addressed. */
  viaLid: z.boolean(),
  media: simMediaViewSchema.nullable(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  contact: z.object({ displayName: z.string(), phone: z.string().nullable() }).nullable(),
});
export type SimMessageView = z.infer<typeof simMessageViewSchema>;

export const simChatDetailSchema = z.object({ chat: simChatViewSchema, messages: z.array(simMessageViewSchema) });
export type SimChatDetail = z.infer<typeof simChatDetailSchema>;

export const simSendResultSchema = z.object({ chatId: z.string(), keyId: z.string() });
export type SimSendResult = z.infer<typeof simSendResultSchema>;
