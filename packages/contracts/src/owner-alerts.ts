import { z } from 'zod';
import { INVALID_PHONE } from './auth.ts';
import { isValidPhone } from './phone.ts';

/** The account settings page (/settings, 'Configurações'): the owner's personal WhatsApp and the alerts. */

/** Where the owner receives the alerts. */
export const ALERT_CHANNELS = ['whatsapp', 'email', 'both'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  whatsapp: 'No meu WhatsApp',
  email: 'Por e-mail',
  both: 'No WhatsApp e por e-mail',
};
export const ALERT_CHANNEL_MESSAGE = 'Escolha onde receber os avisos.';

export const ALERT_CAP_MESSAGE = 'Escolha um limite diário entre 1 e 100 avisos.';
export const PERSONAL_PHONE_IS_BUSINESS =
  'Use um número diferente do WhatsApp da empresa: os avisos saem do número da empresa para o seu.';

/** GET /api/settings. */
export const accountSettingsSchema = z.object({
  /** The owner's personal WhatsApp in E.164, null when not given. */
  phone: z.string().nullable(),
  alertHandoff: z.boolean(),
  alertNeedsOwner: z.boolean(),
  alertHotLead: z.boolean(),
  alertDailyCap: z.number().int(),
  alertChannel: z.enum(ALERT_CHANNELS),
  /** The account's e-mail, where 'email' alerts go. */
  email: z.string(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** PUT /api/settings. */
export const updateAccountSettingsSchema = z.object({
  phone: z.string({ error: INVALID_PHONE }).refine(isValidPhone, { error: INVALID_PHONE }),
  alertHandoff: z.boolean(),
  alertNeedsOwner: z.boolean(),
  alertHotLead: z.boolean(),
  alertDailyCap: z
    .number({ error: ALERT_CAP_MESSAGE })
    .int({ error: ALERT_CAP_MESSAGE })
    .min(1, { error: ALERT_CAP_MESSAGE })
    .max(100, { error: ALERT_CAP_MESSAGE }),
  alertChannel: z.enum(ALERT_CHANNELS, { error: ALERT_CHANNEL_MESSAGE }).default('whatsapp'),
});
export type UpdateAccountSettingsInput = z.infer<typeof updateAccountSettingsSchema>;

export const ownerAlertDtoSchema = z.object({
  id: z.string(),
  convId: z.string(),
  contactName: z.string().nullable(),
  kind: z.enum([
    'handoff',
    'needs_owner',
    'hot_lead',
    'spend_ceiling',
    'follow_ups_paused',
    'pix_paid',
    'approval',
    'pix_confirm',
    'delivery_failed',
  ]),
  status: z.enum(['pending', 'sent', 'failed']),
  text: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnerAlertDto = z.infer<typeof ownerAlertDtoSchema>;

/** GET /api/settings/alerts: the latest alerts, newest first. */
export const ownerAlertListSchema = z.object({ items: z.array(ownerAlertDtoSchema) });
export type OwnerAlertList = z.infer<typeof ownerAlertListSchema>;

/**
 * 'Avisos' (GET /api/owner-channel, docs/decisions/048-opt-out-and-owner-channel.md): the owner's channel —
 * VendAI's alerts to the owner's phone and what the owner wrote back — newest first. Never a conversation.
 */
export const ownerChannelItemSchema = z.object({
  id: z.string(),
  /** 'alert': from VendAI to the owner's phone; 'reply': the owner's own message on that chat. */
  from: z.enum(['alert', 'reply']),
  at: z.string(),
  text: z.string(),
  /** An alert's delivery: 'pending', 'sent' or 'failed'; null for a reply. */
  status: z.enum(['pending', 'sent', 'failed']).nullable(),
  /** The customer's conversation an alert is about, and their name, when there is one. */
  convId: z.string().nullable(),
  contactName: z.string().nullable(),
});
export type OwnerChannelItem = z.infer<typeof ownerChannelItemSchema>;
export const ownerChannelSchema = z.object({ items: z.array(ownerChannelItemSchema) });
export type OwnerChannel = z.infer<typeof ownerChannelSchema>;
/** How many of the latest alerts and replies 'Avisos' shows. */
export const OWNER_CHANNEL_LIMIT = 50;
