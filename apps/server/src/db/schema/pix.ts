import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

/** Where an account's Pix charges go (docs/decisions/038-pix-charges.md). */
export const PIX_PROVIDERS = ['standin', 'asaas', 'mercadopago'] as const;
export type PixProviderChoice = (typeof PIX_PROVIDERS)[number];

/**
 * An owner's Pix provider: the API key sealed with AES-256-GCM (lib/secret-box.ts), never shown again
 * (only its last four characters); the webhook's public id (in its URL) and the secret that authenticates
 * it (Asaas: the token VendAI generated and registered; Mercado Pago: the owner's signing secret), sealed too.
 */
export const pixAccounts = pgTable('pix_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: PIX_PROVIDERS }).notNull(),
  apiKeySealed: text('api_key_sealed').notNull(),
  keyHint: text('key_hint').notNull(),
  webhookId: text('webhook_id').notNull().unique(),
  webhookSecretSealed: text('webhook_secret_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One line of an order: a catalogue item (or a free amount the owner confirmed), priced by VendAI. */
export interface OrderLine {
  itemId: string | null;
  name: string;
  option: string | null;
  quantity: number;
  unitCents: number;
  /**
   * The amount is the AI's proposal for an item 'sob consulta' (no catalogue price): the order waits
   * for the owner, who confirms or edits it before anything is charged.
   */
  proposed?: boolean;
}

export const ORDER_STATUSES = [
  'awaiting_owner',
  'declined',
  'pending',
  /** The provider wants the payer's CPF or CNPJ: the customer was asked, the charge waits for it. */
  'awaiting_document',
  'awaiting_payment',
  'paid',
  'expired',
  'refunded',
  'cancelled',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order and its one Pix charge. `origin_key` makes it once per cause (the AI's burst, the owner's
 * request id). The charge columns are filled once (`provider_charge_id` is written only while null);
 * `claim_until` is the lease of the process creating the charge or sending its messages; `sent_at` and
 * `paid_notified_at` are claimed before the customer's messages go out, so each is sent at most once
 * (the charge's messages, each stored under its own id, are resumed by the next holder of the lease).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['ai', 'manual'] }).notNull(),
    /** 'deposit': an appointment's sinal (docs/decisions/074-agenda-deposit.md), told apart in its texts. */
    kind: text('kind', { enum: ['sale', 'deposit'] })
      .notNull()
      .default('sale'),
    /** When the charge must end if sooner than CHARGE_VALID_HOURS (a deposit's hold); null = the default. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    originKey: text('origin_key').notNull().unique(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull().default([]),
    description: text('description').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The payer's CPF or CNPJ (no mask), when the customer gave it; sent to the provider with the charge. */
    payerDocument: text('payer_document'),
    error: text('error'),
    provider: text('provider', { enum: PIX_PROVIDERS }),
    providerChargeId: text('provider_charge_id'),
    copiaECola: text('copia_e_cola'),
    qrPng: text('qr_png'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    claimUntil: timestamp('claim_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidNotifiedAt: timestamp('paid_notified_at', { withTimezone: true }),
    /** The last time VendAI read the charge at the provider itself (the poll of open charges, decision 055). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When VendAI cancelled the charge at the provider after the order expired (nothing more can be paid). */
    chargeCancelledAt: timestamp('charge_cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_conv_idx').on(t.convId, t.createdAt),
    // The sweeper's paid orders never told (modules/pix/sweep-orders.ts): few rows, found without a scan.
    index('orders_paid_untold_idx')
      .on(t.paidAt)
      .where(sql`status = 'paid' and paid_notified_at is null`),
    uniqueIndex('orders_provider_charge_unique').on(t.userId, t.providerChargeId),
  ],
);

/**
 * A conversation's payer: the CPF or CNPJ (no mask) the customer gave when a provider asked for it
 * (docs/decisions/055-pix-orders-state-machine.md), so only the payer's first order asks. Leaves with
 * the conversation (erasing a contact's data deletes it).
 */
export const pixPayers = pgTable(
  'pix_payers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.convId] })],
);

/**
 * Provider webhook events, stored once per account by the provider's event id (a replay changes
 * nothing; one account's event id never shadows another's: docs/decisions/050-upload-and-model-call-limits.md).
 */
export const pixEvents = pgTable(
  'pix_events',
  {
    provider: text('provider', { enum: PIX_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    providerChargeId: text('provider_charge_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider, t.eventId] })],
);
