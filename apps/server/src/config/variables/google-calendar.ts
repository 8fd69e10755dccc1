import { z } from 'zod';
import { blank, optionalString } from './parse.ts';

/** Google Calendar per professional (decision 070). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const googleCalendarVariables = {
  /**
   * Google Calendar per professional (docs/decisions/070-agenda-in-the-chat.md): the OAuth client
   * (Google Cloud console, 'Web application', redirect URI APP_URL/api/agenda/google/callback), and where
   * its calls go — Google's consent page, token endpoint and API root by default. GCAL_STANDIN_ENABLED=true
   * starts the local stand-in (never in production) and points all three at it; the client id and secret
   * are then the stand-in's own unless set. Unset client: the agenda has no Google Calendar.
   */
  GOOGLE_CALENDAR_CLIENT_ID: optionalString,
  GOOGLE_CALENDAR_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_AUTH_URL: z.preprocess(blank, z.url().default('https://accounts.google.com/o/oauth2/v2/auth')),
  GOOGLE_OAUTH_TOKEN_URL: z.preprocess(blank, z.url().default('https://oauth2.googleapis.com/token')),
  GOOGLE_CALENDAR_API_URL: z.preprocess(blank, z.url().default('https://www.googleapis.com/')),
  GCAL_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
};
