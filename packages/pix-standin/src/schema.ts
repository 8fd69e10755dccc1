import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Pix stand-in's own state, what Asaas or Mercado Pago would hold for each account (an account =
 * one API key or access token, kept as its SHA-256): customers, Pix payments and the webhook the account registered. In the app's
 * database, so every process and a restart agree. No app table references these and they reference none.
 */
export const pixStandinCustomers = pgTable('pix_standin_customers', {
  id: text('id').primaryKey(),
  account: text('account').notNull(),
  name: text('name').notNull(),
  mobilePhone: text('mobile_phone'),
  /** CPF or CNPJ without mask, when given (checked like Asaas does). */
  cpfCnpj: text('cpf_cnpj'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pixStandinPayments = pgTable(
  'pix_standin_payments',
  {
    id: text('id').primaryKey(),
    account: text('account').notNull(),
    customer: text('customer').notNull(),
    valueCents: integer('value_cents').notNull(),
    description: text('description').notNull().default(''),
    externalReference: text('external_reference'),
    /** Which vendor's API made it, and so speaks for it: 'asaas' or 'mercadopago'. */
    api: text('api').notNull().default('asaas'),
    /**
     * In its vendor's words: Asaas's PENDING, RECEIVED, OVERDUE, REFUNDED, CHARGEBACK_REQUESTED;
     * Mercado Pago's pending, approved, cancelled, refunded, charged_back.
     */
    status: text('status').notNull().default('PENDING'),
    /** Mercado Pago's status_detail (pending_waiting_transfer, accredited, expired, by_collector…). */
    statusDetail: text('status_detail'),
    /** Mercado Pago's X-Idempotency-Key: the same key answers the payment it first made. */
    idempotencyKey: text('idempotency_key'),
    /** Where Mercado Pago posts this payment's notifications (its notification_url). */
    notificationUrl: text('notification_url'),
    /** Mercado Pago's date_of_expiration. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    dueDate: text('due_date').notNull(),
    /** The copia-e-cola (EMV BR Code) of its QR code. */
    pixPayload: text('pix_payload').notNull(),
    paymentDate: text('payment_date'),
    /** Removed by the account (DELETE /v3/payments/{id}): no longer payable nor listed, like Asaas. */
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pix_standin_payments_ref_idx').on(t.account, t.externalReference),
    index('pix_standin_payments_payload_idx').on(t.pixPayload),
    uniqueIndex('pix_standin_payments_idempotency_idx').on(t.account, t.idempotencyKey),
  ],
);

/**
 * The webhooks each account registered (POST /v3/webhooks, at most 10 per account like Asaas): where
 * 'Pagar' posts, and the token it sends.
 */
export const pixStandinWebhooks = pgTable(
  'pix_standin_webhooks',
  {
    id: text('id').primaryKey(),
    account: text('account').notNull(),
    url: text('url').notNull(),
    authToken: text('auth_token'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pix_standin_webhooks_account_idx').on(t.account)],
);
