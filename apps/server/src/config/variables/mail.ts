import { z } from 'zod';
import { blank, optionalUrl } from './parse.ts';

/** Outgoing mail (SMTP, or the database outbox when unset). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const mailVariables = {
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('VendAI <nao-responda@vendai.local>'),
  /** Where each feedback from "Ajude A Melhorar" is mailed (through the mail port: SMTP or the outbox). */
  SUPPORT_EMAIL: z.preprocess(blank, z.email().default('suporte@vendai.local')),
};
