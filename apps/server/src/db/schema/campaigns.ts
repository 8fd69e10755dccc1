import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations, numbers } from './app.ts';
import { user } from './auth.ts';

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** How the customer agreed to receive campaigns (docs/decisions/072-campaigns.md). */
export const CONSENT_METHODS = ['asked_in_chat', 'link', 'form', 'imported_with_declaration'] as const;

/**
 * A contact's marketing consent (docs/decisions/072-campaigns.md): one row per contact of the account
 * (the address as conversations store it), how and when it was given and by whom it was recorded. An
 * opt-out (any way VendAI recognises one) ends it (`ended_at`); recording it again starts it anew.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** The conversation when one exists (an imported contact may have none yet). */
    convId: uuid('conv_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** The contact's WhatsApp address as conversations.contact_jid stores it (digits@s.whatsapp.net for an import). */
    contactAddress: text('contact_address').notNull(),
    contactName: text('contact_name'),
    method: text('method', { enum: CONSENT_METHODS }).notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    /** The member who recorded it (null: the member left). */
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The owner's declaration for an import ('Tenho o consentimento…'), or a note. */
    note: text('note'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'opt_out' (the customer asked to stop) or 'owner' (withdrawn by hand). */
    endedReason: text('ended_reason', { enum: ['opt_out', 'owner'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_consents_contact_unique').on(t.userId, t.contactAddress),
    index('marketing_consents_conv_idx').on(t.convId),
  ],
);

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'paused', 'done', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The audience's filters as the owner chose them (contracts: campaignAudienceSchema). */
export interface CampaignAudience {
  labelIds: string[];
  stageIds: string[];
  purchase: { mode: 'bought' | 'not_bought'; days: number } | null;
  silentDays: number | null;
  /** Absent in campaigns created before these filters. */
  fromAd?: boolean;
  booking?: 'booked' | 'no_show' | null;
}

/**
 * A campaign (docs/decisions/072-campaigns.md): one message to an audience of one number's contacts with
 * consent, sent by the 'campaigns.send' job at its own pace. `run` counts the recurring campaign's months.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'cloud': the official API's marketing template; 'qr': the safe track (consent, 90 days, AI variation). */
    track: text('track', { enum: ['cloud', 'qr'] }).notNull(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    /** The owner's text with {nome} and {ultimo_item}; on Cloud, the template's body. */
    text: text('text').notNull(),
    /** Cloud: the approved marketing template sent ({ name, language }). */
    template: jsonb('template').$type<{ name: string; language: string } | null>(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull(),
    /** Why it paused by itself (quality rating, messaging limit, blocks rising), in Portuguese. */
    pausedReason: text('paused_reason'),
    /**
     * The owner resumed it then: the share of recipients who asked to stop is counted again from this moment
     * (docs/decisions/078-campaign-reach-and-pause.md); null: from the run's start.
     */
    blocksSince: timestamp('blocks_since', { withTimezone: true }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    recurrence: text('recurrence', { enum: ['none', 'monthly'] })
      .notNull()
      .default('none'),
    run: integer('run').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_user_created_idx').on(t.userId, t.createdAt)],
);

export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'unconfirmed', 'skipped'] as const;

/**
 * One contact of a campaign's run: the claim that makes it once (unique per campaign, run and contact),
 * taken by one process at a time (`claim_token`, `claimed_at`), the message row stored before the send.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: owner(),
    run: integer('run').notNull(),
    /**
     * The contact's conversation on the campaign's number; null for a contact imported with consent who never
     * wrote (Cloud track): the send creates the conversation and fills it in (docs/decisions/078-campaign-reach-and-pause.md).
     */
    convId: uuid('conv_id').references(() => conversations.id, { onDelete: 'cascade' }),
    contactJid: text('contact_jid').notNull(),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('pending'),
    /** Why it was skipped or failed (Portuguese), e.g. Meta's 131049. */
    reason: text('reason'),
    messageId: uuid('message_id'),
    externalId: text('external_id'),
    /** The text it got (the QR track's variation). */
    text: text('text'),
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_once').on(t.campaignId, t.run, t.contactJid),
    index('campaign_recipients_pending_idx')
      .on(t.campaignId, t.createdAt)
      .where(sql`state = 'pending'`),
    index('campaign_recipients_contact_sent_idx').on(t.userId, t.contactJid, t.sentAt),
    index('campaign_recipients_conv_idx').on(t.convId),
  ],
);

/** The account's campaign settings: at most `weekly_cap` campaign messages per contact in 7 days. */
export const campaignSettings = pgTable('campaign_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  weeklyCap: integer('weekly_cap').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Meta's template statuses VendAI keeps (message_template_status_update's events it acts on). */
export const TEMPLATE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'FLAGGED'] as const;

/**
 * A marketing template the owner wrote in 'Campanhas' and VendAI submitted to Meta for a Cloud number's
 * WhatsApp Business Account (`POST /{WABA-ID}/message_templates`, docs/decisions/075-template-submission.md):
 * the owner's text ({nome}, {ultimo_item}) and Meta's body ({{1}}, {{2}}), Meta's id, its status as the
 * `message_template_status_update` webhook (or the poll) last told, the rejection reason, and the category
 * Meta holds (it may recategorise). One per number, name and language, as Meta keys them.
 */
export const campaignTemplates = pgTable(
  'campaign_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    wabaId: text('waba_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** The owner's text, with {nome} and {ultimo_item}. */
    text: text('text').notNull(),
    /** Meta's BODY text, {{1}}… in the order of `variables`. */
    body: text('body').notNull(),
    /** The contact's fields behind {{1}}, {{2}}…: 'nome', 'ultimo_item'. */
    variables: jsonb('variables').$type<string[]>().notNull(),
    footer: text('footer'),
    stopButton: boolean('stop_button').notNull().default(false),
    /** Meta's template id (null while the submission is not answered). */
    metaId: text('meta_id'),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull(),
    /** Meta's category now (MARKETING; Meta may move it). */
    category: text('category').notNull(),
    /** The category before Meta's last change, when it changed one. */
    previousCategory: text('previous_category'),
    /** Meta's rejection reason (INVALID_FORMAT, PROMOTIONAL…) and its detail, when it gave them. */
    reason: text('reason'),
    reasonDetail: text('reason_detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_templates_name_unique').on(t.numberId, t.name, t.language),
    index('campaign_templates_meta_idx').on(t.wabaId, t.metaId),
  ],
);
