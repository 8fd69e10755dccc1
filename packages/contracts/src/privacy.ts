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

export const PRIVACY_MESSAGES = {
  conversationNotFound: 'Conversa não encontrada.',
  passwordRequired: 'Digite sua senha para confirmar.',
  wrongPassword: 'Senha incorreta. Nada foi excluído.',
  gatewayFailed:
    'Não foi possível desconectar seus números do WhatsApp agora. Nada foi excluído; tente de novo em alguns minutos.',
  paymentsFailed: 'Não foi possível cancelar sua assinatura agora. Nada foi excluído; tente de novo em alguns minutos.',
  exportTooSoon: 'Você já pediu várias exportações agora há pouco. Aguarde alguns minutos e tente de novo.',
} as const;

/** Exports per account in a window of EXPORT_WINDOW_MINUTES (the zip reads every message). */
export const EXPORTS_PER_WINDOW = 3;
export const EXPORT_WINDOW_MINUTES = 10;

/** POST /api/privacy/delete-account: the account's password confirms it. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: PRIVACY_MESSAGES.passwordRequired }).min(1, PRIVACY_MESSAGES.passwordRequired).max(200),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** DELETE /api/privacy/conversations/:id ('Apagar dados deste contato'): what was erased. */
export const eraseContactResultSchema = z.object({
  messages: z.number().int(),
  mediaFiles: z.number().int(),
});
export type EraseContactResult = z.infer<typeof eraseContactResultSchema>;
