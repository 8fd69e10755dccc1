import { z } from 'zod';

/** A professional's Google Calendar link (docs/decisions/070-agenda-in-the-chat.md). */
export const googleCalendarLinkSchema = z.object({
  professionalId: z.string(),
  calendarId: z.string(),
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync failed ('conecte a agenda de novo'), or null. */
  lastError: z.string().nullable(),
});
export type GoogleCalendarLink = z.infer<typeof googleCalendarLinkSchema>;

/** GET /api/agenda/google: whether Google Calendar is configured on this server, and the links. */
export const googleCalendarLinksSchema = z.object({
  configured: z.boolean(),
  links: z.array(googleCalendarLinkSchema),
});
export type GoogleCalendarLinks = z.infer<typeof googleCalendarLinksSchema>;

/** POST /api/agenda/google/:professionalId/connect: Google's consent page to open. */
export const googleConsentSchema = z.object({ url: z.string() });
