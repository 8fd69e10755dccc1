import { z } from 'zod';
import { TUTORIAL_LESSON_COUNT } from './constants.ts';

/** GET /api/config: the public settings the browser may know (never a secret). */

/**
 * WhatsApp Business Platform (Meta) embedded signup, for the authorization test screen
 * (/connect/whatsapp, docs/product/integrations.md "Other", docs/product/limits.md). Null when the server has no app configured.
 */
export const whatsappBusinessConfigSchema = z.object({
  appId: z.string(),
  configId: z.string(),
  scopes: z.array(z.string()),
  /** The OAuth dialog address, e.g. https://www.facebook.com/v21.0/dialog/oauth */
  dialogUrl: z.string(),
});
export type WhatsappBusinessConfig = z.infer<typeof whatsappBusinessConfigSchema>;

export const publicConfigSchema = z.object({
  productName: z.string(),
  referralTracker: z.string().nullable(),
  aiMode: z.enum(['demo', 'live']),
  /** One link per lesson (TUTORIAL_VIDEO_URLS); '' where none is configured. */
  tutorialVideoUrls: z.array(z.string()).length(TUTORIAL_LESSON_COUNT),
  whatsappBusiness: whatsappBusinessConfigSchema.nullable(),
  /** The built-in WhatsApp simulator answers for the gateway here (/simulador): connect and chat without a phone. */
  simulator: z.boolean(),
  /** SUPPORT_EMAIL: where the app sends owners who need a person (e.g. 'Acesso Indisponível'). */
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The authorization test's popup (docs/product/limits.md). */
export const WHATSAPP_OAUTH_POPUP = { width: 1000, height: 800 } as const;
/** Length of the random state sent with the authorization dialog (docs/product/limits.md). */
export const WHATSAPP_OAUTH_STATE_LENGTH = 24;
/** The message the callback page posts to its opener. */
export const WHATSAPP_OAUTH_MESSAGE_TYPE = 'vendai:whatsapp-oauth';
export const whatsappOauthMessageSchema = z.object({
  type: z.literal(WHATSAPP_OAUTH_MESSAGE_TYPE),
  code: z.string().nullable(),
  state: z.string().nullable(),
  error: z.string().nullable(),
});
export type WhatsappOauthMessage = z.infer<typeof whatsappOauthMessageSchema>;
