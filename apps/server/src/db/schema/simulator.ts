import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The built-in WhatsApp simulator's own state (apps/server/src/simulator): what an Evolution API server
 * and the phones around it would hold. Kept in the app's database so it survives a restart; no app
 * table references these and they reference no app table.
 */

export interface SimWebhookConfig {
  enabled: boolean;
  url: string;
  headers: Record<string, string>;
  byEvents: boolean;
  base64: boolean;
  /** UPPER_SNAKE names; [] = every event. */
  events: string[];
  updatedAt: string;
}

/** An Evolution instance: one linked device of one WhatsApp phone. */
export const simInstances = pgTable('sim_instances', {
  /** Evolution's instanceId. */
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** The instance apikey (`hash` in the create answer). */
  token: text('token').notNull(),
  integration: text('integration').notNull().default('WHATSAPP-BAILEYS'),
  state: text('state', { enum: ['close', 'connecting', 'open'] })
    .notNull()
    .default('close'),
  /** The raw content of the current QR (a link to the approval view), null when none. */
  qrCode: text('qr_code'),
  /** The QR before the current one: still accepted by the approval view (the person may be slow to click). */
  previousQrCode: text('previous_qr_code'),
  qrCount: integer('qr_count').notNull().default(0),
  qrExpiresAt: timestamp('qr_expires_at', { withTimezone: true }),
  pairingCode: text('pairing_code'),
  /** The phone that scanned: digits with calling code, and its JID (wuid). */
  ownerPhone: text('owner_phone'),
  profileName: text('profile_name'),
  webhook: jsonb('webhook').$type<SimWebhookConfig | null>(),
  disconnectionReasonCode: integer('disconnection_reason_code'),
  disconnectionAt: timestamp('disconnection_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A chat of an instance: one customer (…@s.whatsapp.net, maybe also known by an @lid) or a group (…@g.us). */
export const simChats = pgTable(
  'sim_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => simInstances.id, { onDelete: 'cascade' }),
    /** The phone JID, or the group JID. */
    remoteJid: text('remote_jid').notNull(),
    /** The customer's @lid alias, when the page chose to address them by it. */
    lid: text('lid'),
    isGroup: boolean('is_group').notNull().default(false),
    /** Customer's pushName, or the group's subject. */
    name: text('name'),
    /** The business is typing ('composing'/'recording') until then. */
    presence: text('presence'),
    presenceUntil: timestamp('presence_until', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sim_chats_instance_jid_unique').on(t.instanceId, t.remoteJid),
    index('sim_chats_instance_lid_idx').on(t.instanceId, t.lid),
    index('sim_chats_instance_last_idx').on(t.instanceId, t.lastMessageAt),
  ],
);

/** A message in a simulated chat, in both directions, with its WAProto content. */
export const simMessages = pgTable(
  'sim_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => simInstances.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => simChats.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    /** key.remoteJid as the message was addressed (a phone JID, an @lid or a group). */
    remoteJid: text('remote_jid').notNull(),
    /** true = sent by the instance (the business); false = the customer (or a group member) wrote it. */
    fromMe: boolean('from_me').notNull(),
    /** Groups: the member's JID. */
    participant: text('participant'),
    pushName: text('push_name'),
    messageType: text('message_type').notNull(),
    /** The WAProto `message` object as messages.upsert carries it (without the media bytes). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** Media bytes, base64 (no data: prefix). */
    mediaBase64: text('media_base64'),
    status: text('status').notNull(),
    /** Unix seconds (messageTimestamp). */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    /** How many times the page asked for this message to be delivered (the 'send twice' option). */
    deliveries: integer('deliveries').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sim_messages_instance_key_unique').on(t.instanceId, t.keyId),
    index('sim_messages_chat_created_idx').on(t.chatId, t.createdAt),
  ],
);
