import { z } from 'zod';

/**
 * Retention and data rights (docs/decisions/031-retention-and-data-rights.md): how long media is kept,
 * 'Exportar meus dados', 'Excluir minha conta' and 'Apagar dados deste contato'.
 */

/** GET /api/privacy. */
export const privacySummarySchema = z.object({
  /** Days a message's media file is kept (MEDIA_RETENTION_DAYS). */
  mediaRetentionDays: z.number().int(),
});
export type PrivacySummary = z.infer<typeof privacySummarySchema>;
