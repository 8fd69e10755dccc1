import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** Subscription plans (docs/product/limits.md). Limits live on the plan; null price means 'Consultar Valores'. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Bullets separated by '•'. */
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents'),
  isActive: boolean('is_active').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  stripePriceId: text('stripe_price_id'),
  maxAiMessages: integer('max_ai_messages').notNull(),
  maxAgents: integer('max_agents').notNull(),
  maxInstances: integer('max_instances').notNull(),
  maxTrainnings: integer('max_trainnings').notNull(),
  /** Playground answers plus prompt-coach suggestions a month (docs/decisions/021-spend-and-abuse-limits.md). */
  maxTestMessages: integer('max_test_messages').notNull().default(100),
  /** Owner-triggered AI assists a month: price lists read, training questions, inbox transcriptions (decision 050). */
  maxAiAssists: integer('max_ai_assists').notNull().default(30),
  createdAt: createdAt(),
});

/** One per user, created at sign-up (docs/product/data.md). */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** National number, digits only. */
  phone: text('phone'),
  /** Calling code without '+', e.g. '55'. */
  countryCode: text('country_code'),
  stripeCustomerId: text('stripe_customer_id'),
  activeSubscriptionId: text('active_subscription_id'),
  activePlanId: uuid('active_plan_id').references(() => plans.id, { onDelete: 'set null' }),
  subscriptionStatus: text('subscription_status'),
  /** IANA time zone of the business (AI context block, business hours, results); see domain/account. */
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /** Owner alerts on the personal WhatsApp (docs/decisions/015-handoff.md): on/off per kind and a daily cap. */
  alertHandoff: boolean('alert_handoff').notNull().default(true),
  alertNeedsOwner: boolean('alert_needs_owner').notNull().default(true),
  alertHotLead: boolean('alert_hot_lead').notNull().default(false),
  alertDailyCap: integer('alert_daily_cap').notNull().default(20),
  /** Where the alerts go: 'whatsapp' (default), 'email' (the account's e-mail) or 'both'. */
  alertChannel: text('alert_channel').notNull().default('whatsapp'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** AI agents (docs/product/data.md). `respostas` holds the training answers. */
export const agentes = pgTable(
  'agentes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    apelido: text('apelido'),
    respostas: jsonb('respostas').$type<AnswerItem[]>().notNull().default([]),
    systemPrompt: text('system_prompt').notNull().default(''),
    active: boolean('active').notNull().default(true),
    trainnings: integer('trainnings').notNull().default(0),
    /** Response delay in seconds: 0, 5, 10, 15, 30, 60 or 90. */
    timing: integer('timing').notNull().default(0),
    /** After a takeover or handoff the AI comes back after this many minutes without an owner message; null: never. */
    resumeAfterMinutes: integer('resume_after_minutes').default(720),
    /** At most this many AI answers a day to one contact (docs/decisions/021-spend-and-abuse-limits.md). */
    maxAnswersPerContactDay: integer('max_answers_per_contact_day').notNull().default(40),
    /** 'A IA sugere, eu aprovo': the AI's answers wait as drafts (docs/decisions/045-approval-mode.md). */
    approvalMode: boolean('approval_mode').notNull().default(false),
    /** A draft not handled within this many minutes is sent or discarded, as approvalTimeoutAction says. */
    approvalTimeoutMinutes: integer('approval_timeout_minutes').notNull().default(30),
    approvalTimeoutAction: text('approval_timeout_action', { enum: ['send', 'discard'] })
      .notNull()
      .default('discard'),
    /** A handoff goes to this team member (assigned, alerted on their own WhatsApp or e-mail); null: the owner. */
    handoffUserId: text('handoff_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agentes_user_created_idx').on(t.userId, t.createdAt)],
);

export interface AnswerItem {
  tipo: 'chave' | 'refinamento';
  pergunta: string;
  resposta: string;
  key?: string;
}

/** Connected WhatsApp instances (docs/product/data.md). */
export const numbers = pgTable(
  'numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /**
     * How the number reaches WhatsApp: 'evolution' — a QR code through Evolution API (or the
     * simulator); 'cloud' — the official WhatsApp Cloud API (docs/decisions/032-cloud-api-gateway.md).
     */
    provider: text('provider', { enum: ['evolution', 'cloud'] })
      .notNull()
      .default('evolution'),
    /** Cloud API: the phone number id Meta addresses the number by (sends and webhooks); null for QR numbers. */
    cloudPhoneNumberId: text('cloud_phone_number_id'),
    /** Cloud API: the WhatsApp Business Account the number belongs to. */
    cloudWabaId: text('cloud_waba_id'),
    /** Cloud API: the access token, sealed with META_TOKEN_ENCRYPTION_KEY (lib/secret-box.ts); never stored plain. */
    cloudTokenSealed: text('cloud_token_sealed'),
    /**
     * Cloud API: the number's six-digit two-step verification PIN, set when VendAI registered the number
     * (POST /{phone-number-id}/register, docs/decisions/053-cloud-registration-window-standby.md), sealed like the
     * token; null for QR numbers and Cloud numbers connected before registration existed.
     */
    cloudPinSealed: text('cloud_pin_sealed'),
    /** Cloud API: the number's quality rating from the Graph API ('GREEN', 'YELLOW', 'RED', 'UNKNOWN'). */
    cloudQualityRating: text('cloud_quality_rating'),
    /** Cloud API: the number's messaging limit tier from the Graph API (e.g. 'TIER_1K'). */
    cloudMessagingLimit: text('cloud_messaging_limit'),
    /** Per-instance secret the gateway sends back on every webhook. */
    token: text('token').notNull(),
    /**
     * Digits only, calling code included. Only a verified claim holds the phone across the system (one
     * verified row per phone); unverified claims of other accounts never block anyone
     * (docs/decisions/052-attendant-permissions-and-number-claims.md).
     */
    phone: text('phone').notNull(),
    instanceName: text('instance_name').notNull().unique(),
    instanceId: text('instance_id'),
    apelido: text('apelido'),
    status: text('status', { enum: ['CONECTADO', 'DESCONECTADO'] })
      .notNull()
      .default('DESCONECTADO'),
    /** Linked agent, or null: the AI does not answer on this number. */
    agente: uuid('agente').references(() => agentes.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /**
     * When a connection was last confirmed to be this number's own phone (the gateway's ownerJid is
     * `phone`; docs/decisions/021-spend-and-abuse-limits.md). Null: never connected as itself.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Why the last connection was cut (another phone scanned the QR), in Portuguese; null when none. */
    connectionProblem: text('connection_problem'),
    /**
     * Whom the AI answers on this number (decision 015): 'all' contacts, or only 'new' ones (whose
     * first message arrives after connected_at); enforced when a conversation is created.
     */
    aiAudience: text('ai_audience', { enum: ['all', 'new'] })
      .notNull()
      .default('all'),
    /**
     * Cloud API: the AI's answer goes as one message instead of several (each message Meta delivers is
     * charged; docs/decisions/064-cloud-meter-and-one-balloon.md). Ignored on QR numbers.
     */
    oneBalloon: boolean('one_balloon').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('numbers_phone_verified_unique')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null`),
    index('numbers_phone_idx').on(t.phone),
    uniqueIndex('numbers_cloud_phone_number_id_unique').on(t.cloudPhoneNumberId),
    index('numbers_user_idx').on(t.userId, t.createdAt),
    index('numbers_agente_idx').on(t.agente),
  ],
);

/** One per (number, contact) (docs/product/data.md). `user_id` is denormalised for ownership filters and paging. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    /** The contact's JID as the gateway addresses it (…@s.whatsapp.net, …@g.us, …@lid). */
    contactJid: text('contact_jid').notNull(),
    /** The @lid alias when the gateway reported one, kept beside the phone JID. */
    contactLid: text('contact_lid'),
    /** Meta's business-scoped user id beside the phone; alone, it is the contact_jid (docs/decisions/062-bsuid-contacts.md). */
    contactUserId: text('contact_user_id'),
    /**
     * The customer's WhatsApp username (Meta's contacts[].profile.username), shown where the phone would be
     * for a contact without one (docs/decisions/062-bsuid-contacts.md).
     */
    contactUsername: text('contact_username'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    type: text('type', { enum: ['chat', 'group'] })
      .notNull()
      .default('chat'),
    agenteAtivo: boolean('agente_ativo').notNull().default(true),
    /** The contact asked to stop (sair/parar/pare/stop): the AI stays off. */
    optedOut: boolean('opted_out').notNull().default(false),
    /** Why the AI handed the conversation to a person (shown in the inbox); null when it did not. */
    handoffReason: text('handoff_reason'),
    /** While the AI is off after a takeover or handoff: when it comes back by itself (null: only by hand). */
    aiResumesAt: timestamp('ai_resumes_at', { withTimezone: true }),
    /** The owner set 'nunca responder' for this contact (copied from never_answer_contacts): the AI stays off. */
    neverAnswer: boolean('never_answer').notNull().default(false),
    /** Approval mode for this conversation, over the agent's (docs/decisions/045-approval-mode.md); null: the agent's. */
    approvalMode: boolean('approval_mode'),
    lastMessage: timestamp('last_message', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the customer last wrote (a received message): a Cloud API number may send free text only
     * within 24 hours of it (docs/decisions/036-cloud-signup-window-pacing.md). Null: never wrote.
     */
    customerLastAt: timestamp('customer_last_at', { withTimezone: true }),
    /**
     * Meta refused free text with #131047 (re-engagement) while customer_last_at was this: the window stays
     * closed, whatever the 24 hours say, until a customer message newer than it
     * (docs/decisions/054-cloud-window-and-templates.md). Null: Meta never refused.
     */
    windowClosedThrough: timestamp('window_closed_through', { withTimezone: true }),
    /**
     * Meta's own agent (Meta Business Agent, another app under Conversation Routing) held the thread while
     * customer_last_at was this: the customer's messages came on the webhook's `standby` field and VendAI does
     * not answer until a customer message newer than it or a `messaging_handovers` passing control back
     * (docs/decisions/054-cloud-window-and-templates.md, Standby). Null: VendAI holds it.
     */
    metaAgentThrough: timestamp('meta_agent_through', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The team member answering it (docs/decisions/044-team-roles-and-assignment.md); null: 'Sem responsável'. */
    assignedUserId: text('assigned_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_user_assigned_last_idx').on(t.userId, t.assignedUserId, t.lastMessage.desc(), t.id.desc()),
    uniqueIndex('conversations_number_contact_unique').on(t.numberId, t.contactJid),
    index('conversations_number_user_id_idx').on(t.numberId, t.contactUserId),
    // Keyset pagination: ORDER BY last_message DESC, id DESC for one user (docs/product/integrations.md).
    index('conversations_user_last_idx').on(t.userId, t.lastMessage.desc(), t.id.desc()),
    // Conversations started in a period (modules/results).
    index('conversations_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contact',
  'unsupported',
] as const;

/** Messages (docs/product/data.md). `external_id` is the gateway's message id: unique per conversation. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    content: text('content'),
    fromMe: boolean('from_me').notNull().default(false),
    /** Who wrote it: the customer, the AI, the owner in the app, or the owner on the phone. */
    author: text('author', { enum: ['contact', 'ai', 'owner_app', 'owner_phone'] }).notNull(),
    messageType: text('message_type').notNull().default('text'),
    status: text('status', { enum: ['pending', 'sent', 'delivered', 'read', 'failed', 'received'] })
      .notNull()
      .default('received'),
    error: text('error'),
    externalId: text('external_id'),
    mediaUrl: text('media_url'),
    mediaFilename: text('media_filename'),
    mediaMimetype: text('media_mimetype'),
    mediaSize: integer('media_size'),
    mediaDuration: integer('media_duration'),
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    thumbnailUrl: text('thumbnail_url'),
    /** The customer's and the owner's current reaction to this message (an emoji), null when none. */
    contactReaction: text('contact_reaction'),
    ownerReaction: text('owner_reaction'),
    /** Set when the sender edited the text ('editada') or deleted it for everyone ('Mensagem apagada'). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A visible 'A IA não conseguiu responder' notice: the burst that failed ('Tentar novamente' re-queues it). */
    failedBurstId: uuid('failed_burst_id'),
    /** A customer's opt-out word ('sair', 'pare'…), read once on arrival (domain/conversation-rules/opt-out.ts). */
    optOut: boolean('opt_out').notNull().default(false),
    /** Who typed it in the inbox (docs/decisions/044-team-roles-and-assignment.md); no foreign key on purpose. */
    sentByUserId: text('sent_by_user_id'),
    /**
     * An approved draft's part (docs/decisions/066-business-facts-in-one-place.md): the member who edited
     * the AI's text before sending it; `sent_by_user_id` is then who sent it. No foreign key on purpose.
     */
    editedByUserId: text('edited_by_user_id'),
    /**
     * When WhatsApp's server confirmed a message VendAI sent (the first receipt at or past SERVER_ACK).
     * A QR number's send still unconfirmed a few minutes later is shown as not delivered
     * (modules/conversation-engine/recovery/unconfirmed-sends.ts, docs/evolution-api-contract.md).
     */
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_conv_external_unique').on(t.convId, t.externalId),
    index('messages_conv_created_idx').on(t.convId, t.createdAt.desc(), t.id.desc()),
    // A user's messages in a billing period (domain/usage/ai-answers.ts: paid plans' counters and overage).
    index('messages_user_created_idx').on(t.userId, t.createdAt),
    // Sends waiting for WhatsApp's confirmation: a row leaves the index when its first receipt comes.
    index('messages_unacked_idx')
      .on(t.createdAt)
      .where(sql`direction = 'out' and status = 'sent' and acked_at is null and external_id is not null`),
  ],
);

/**
 * Message templates sent from a Cloud API number (docs/decisions/036-cloud-signup-window-pacing.md): one row per
 * template message, with Meta's category (what Meta charges by), counted by Resultados.
 */
export const templateMessages = pgTable(
  'template_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category', { enum: ['UTILITY', 'MARKETING', 'AUTHENTICATION'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('template_messages_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('template_messages_message_unique').on(t.messageId),
  ],
);

/**
 * Raw gateway webhook events, stored once per (number, event, message id) so the gateway's
 * retries are harmless (architecture: webhooks are idempotent). Processing happens in jobs.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** Dedup key: the message id for message events, null for state events. */
    eventKey: text('event_key'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gateway_events_dedup_unique').on(t.numberId, t.event, t.eventKey),
    index('gateway_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`processed_at is null`),
    // The daily retention job's batches: processed events, oldest first (modules/privacy/webhook-retention.ts).
    index('gateway_events_processed_idx')
      .on(t.receivedAt)
      .where(sql`processed_at is not null`),
    // Bodies still holding inline media (few: only media messages, until the strip job drops it).
    index('gateway_events_inline_media_idx')
      .on(t.processedAt)
      .where(sql`(payload -> 'data' -> 'message' ->> 'base64') is not null`),
  ],
);

/** Training and prompt-coach usage ('TREINAMENTO', 'TREINADORA DE PROMPT'). */
export const usageTraining = pgTable(
  'usage_training',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    agentId: uuid('agent_id').references(() => agentes.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_training_user_created_idx').on(t.userId, t.createdAt)],
);

/** AI-answered messages per user per calendar month; overage counted past the plan limit. */
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    userId: userRef(),
    /** First day of the month (UTC). */
    month: date('month').notNull(),
    aiMessages: integer('ai_messages').notNull().default(0),
    overageMessages: integer('overage_messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
