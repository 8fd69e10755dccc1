import { z } from 'zod';

/** message_type values of docs/product/data.md; anything else is stored and shown as unsupported. */
export const messageTypeSchema = z.enum([
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contact',
  'unsupported',
]);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** Location content is a JSON string {address, lat, lng}; contact content is {name, phone} (docs/product/data.md). */
export const locationContentSchema = z.object({ address: z.string().nullable(), lat: z.number(), lng: z.number() });
export const contactContentSchema = z.object({ name: z.string(), phone: z.string().nullable() });

/**
 * What the AI understood of an inbound media message (docs/decisions/016-media-understanding.md):
 * transcript (voice note), description (image, sticker) or document (extracted text). done: `text` is
 * set; failed: tried and gave up; skipped: not tried (too long, too big, no vision…).
 */
export const messageInsightDtoSchema = z.object({
  messageId: z.string(),
  convId: z.string(),
  kind: z.enum(['transcript', 'description', 'document']),
  state: z.enum(['done', 'failed', 'skipped']),
  text: z.string().nullable(),
  /** Why it failed or was skipped, in Portuguese, for the inbox. */
  reason: z.string().nullable(),
});
export type MessageInsightDto = z.infer<typeof messageInsightDtoSchema>;
/** POST /api/conversations/:id/messages/:messageId/insight: the owner asks for a transcript or description. */
export const INSIGHT_NOT_POSSIBLE = 'Esta mensagem não tem áudio, imagem ou documento para a IA ler.';
export const insightParamsSchema = z.object({
  id: z.guid({ error: INSIGHT_NOT_POSSIBLE }),
  messageId: z.guid({ error: INSIGHT_NOT_POSSIBLE }),
});

/** Where a message VendAI sent comes from (apps/server/src/domain/outbound/outbound-origin.ts, the same list). */
export const outboundOriginSchema = z.enum([
  'ai_reply',
  'ai_touch',
  'scheduled',
  'draft',
  'template',
  'pix',
  'handoff_answer',
  'manual',
  'owner_alert',
  'campaign',
  'booking_reminder',
]);
export type OutboundOriginDto = z.infer<typeof outboundOriginSchema>;

export const messageDtoSchema = z.object({
  id: z.string(),
  convId: z.string(),
  direction: z.enum(['in', 'out']),
  content: z.string().nullable(),
  fromMe: z.boolean(),
  /** contact = the customer; ai; owner_app = typed in the inbox; owner_phone = typed on the phone. */
  author: z.enum(['contact', 'ai', 'owner_app', 'owner_phone']),
  messageType: messageTypeSchema,
  status: z.enum(['pending', 'sent', 'delivered', 'read', 'failed', 'received']),
  /** Why a send failed, in Portuguese, when status is 'failed'. */
  error: z.string().nullable(),
  createdAt: z.string(),
  media: z
    .object({
      url: z.string().nullable(),
      filename: z.string().nullable(),
      mimetype: z.string().nullable(),
      size: z.number().nullable(),
      duration: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      thumbnailUrl: z.string().nullable(),
    })
    .nullable(),
  /** Current reactions to this message: the customer's and the owner's (an emoji each). */
  reactions: z.array(z.object({ emoji: z.string(), fromMe: z.boolean() })).optional(),
  /** The sender edited the text ('editada'); content is the edited text. */
  editedAt: z.string().nullable().optional(),
  /** Deleted for everyone ('Mensagem apagada'); content and media are no longer given. */
  deletedAt: z.string().nullable().optional(),
  /** 'A IA não conseguiu responder …': the AI gave up on a burst; `retryable` while 'Tentar novamente' can re-queue it. */
  aiFailure: z.object({ reason: z.string(), retryable: z.boolean() }).nullable().optional(),
  /** The voice note's transcript, the image's description or the document's text, when there is one. */
  insight: messageInsightDtoSchema.nullable().optional(),
  /**
   * Who typed it in the inbox (the owner or an attendant, decision 044), or who sent an approved draft
   * of the AI ('Enviado por', docs/decisions/066-business-facts-in-one-place.md); null for everything else.
   */
  sentByUserId: z.string().nullable().optional(),
  /** An approved draft whose text a person edited first: who ('Editado por'); the AI no longer signs it. */
  editedByUserId: z.string().nullable().optional(),
  /**
   * What sent it, from its audit record (docs/decisions/046-one-door-out.md): shown as a small label
   * ('Aprovada por você', 'Acompanhamento'…). In the messages page only; absent on realtime events.
   */
  origin: outboundOriginSchema.nullable().optional(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

/** POST /api/conversations/:id/messages/:messageId/retry: 'Tentar novamente' on an AI failure notice. */
export const retryReplyResultSchema = z.object({ ok: z.literal(true) });
export type RetryReplyResult = z.infer<typeof retryReplyResultSchema>;
export const AI_RETRY_NOT_POSSIBLE = 'Não há resposta da IA para tentar novamente nesta conversa.';
export const AI_RETRY_AI_OFF = 'A IA está desligada nesta conversa. Ligue a IA para tentar novamente.';
/** :id (conversation) and :messageId (the notice); a malformed one is answered like an unknown one (404). */
export const retryReplyParamsSchema = z.object({
  id: z.guid({ error: AI_RETRY_NOT_POSSIBLE }),
  messageId: z.guid({ error: AI_RETRY_NOT_POSSIBLE }),
});

export const conversationDtoSchema = z.object({
  id: z.string(),
  numberId: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /**
   * The customer's WhatsApp username (official API), shown where the phone would be for a contact without one
   * (docs/decisions/062-bsuid-contacts.md). Absent on realtime rows that do not carry it.
   */
  contactUsername: z.string().nullable().optional(),
  contactJid: z.string(),
  type: z.enum(['chat', 'group']),
  /** The AI/Manual switch. */
  agenteAtivo: z.boolean(),
  optedOut: z.boolean(),
  /** Why the AI handed the conversation to a person (Manual since then); null when it did not. */
  handoffReason: z.string().nullable(),
  /** While Manual after a takeover or handoff: when the AI comes back by itself (ISO); null: only by hand. */
  aiResumesAt: z.string().nullable(),
  /** 'Nunca responder' is set for this contact: the AI stays off in every conversation with them. */
  neverAnswer: z.boolean(),
  lastMessage: z.string(),
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
  /** The person of the team it is assigned to (decision 044); null: 'Sem responsável'. */
  assignedUserId: z.string().nullable().optional(),
  number: z.object({ id: z.string(), instanceName: z.string(), phone: z.string(), apelido: z.string().nullable() }),
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

export const numberStatusDtoSchema = z.object({
  id: z.string(),
  status: z.enum(['CONECTADO', 'DESCONECTADO']),
  agente: z.string().nullable(),
  apelido: z.string().nullable(),
  phone: z.string(),
  instanceName: z.string(),
});
export type NumberStatusDto = z.infer<typeof numberStatusDtoSchema>;

export const sendMessageSchema = z.object({
  text: z
    .string({ error: 'Digite uma mensagem.' })
    .refine((t) => t.trim().length > 0, { error: 'Digite uma mensagem.' })
    .refine((t) => t.length <= 4096, { error: 'A mensagem pode ter no máximo 4.096 caracteres.' }),
});

// ---------------------------------------------------------------------------------------------
// Inbox read API (docs/decisions/006-realtime-and-storage.md): keyset pages, the AI/Manual switch, contact pictures.

/** GET /api/conversations?cursor=: newest first (last_message desc, id desc), 30 a page (docs/product/limits.md). */
export const conversationPageSchema = z.object({
  items: z.array(conversationDtoSchema),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** GET /api/conversations/count: how many conversations the user has (the list's exact count, docs/product/integrations.md). */
export const conversationCountSchema = z.object({ total: z.number().int() });
export type ConversationCount = z.infer<typeof conversationCountSchema>;

/** GET /api/conversations/:id/messages?cursor=: the latest 30, then older pages (docs/product/rules.md#states-and-transitions, docs/product/limits.md). */
export const messagePageSchema = z.object({
  /** Oldest first, ready to render top to bottom. */
  items: z.array(messageDtoSchema),
  /** Cursor of the next older page; null when the conversation's first message is in this page. */
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const AI_SWITCH_INVALID = 'Informe se a IA deve ficar ativa (agente_ativo verdadeiro ou falso).';
export const GROUP_AI_LOCKED = 'Não é possível alterar a IA em grupos: a IA fica desativada para grupos.';
export const INVALID_CURSOR = 'Página inválida. Recarregue a lista e tente novamente.';

/** PATCH /api/conversations/:id: the AI/Manual switch (docs/product/rules.md#states-and-transitions). */
export const AI_RESUME_INVALID = 'Escolha em quantas horas a IA volta (de 1 a 168) ou nunca.';
export const updateConversationSchema = z.object({
  agente_ativo: z.boolean({ error: AI_SWITCH_INVALID }),
  /** With agente_ativo false: the AI comes back by itself in this many hours; null: only by hand. */
  ai_resumes_in_hours: z
    .number({ error: AI_RESUME_INVALID })
    .int({ error: AI_RESUME_INVALID })
    .min(1, { error: AI_RESUME_INVALID })
    .max(168, { error: AI_RESUME_INVALID })
    .nullable()
    .optional(),
});
export type UpdateConversationInput = z.infer<typeof updateConversationSchema>;

/** PUT /api/conversations/:id/never-answer: the contact's 'Nunca responder' switch (decision 015). */
export const NEVER_ANSWER_INVALID = 'Informe se a IA nunca deve responder a este contato (verdadeiro ou falso).';
export const NEVER_ANSWER_LOCKED =
  "A IA não pode ser ativada: este contato está marcado como 'Nunca responder'. Desmarque essa opção primeiro.";
export const neverAnswerSchema = z.object({ never_answer: z.boolean({ error: NEVER_ANSWER_INVALID }) });
export type NeverAnswerInput = z.infer<typeof neverAnswerSchema>;

/** GET /api/conversations/:id/avatar: the contact's picture URL from the gateway, null when unknown. */
export const contactAvatarSchema = z.object({ url: z.string().nullable() });
export type ContactAvatar = z.infer<typeof contactAvatarSchema>;

/** ?cursor= of the keyset pages (conversations and messages). */
export const pageQuerySchema = z.object({
  cursor: z
    .string({ error: INVALID_CURSOR })
    .optional()
    .describe('nextCursor da página anterior; ausente na primeira página'),
});
