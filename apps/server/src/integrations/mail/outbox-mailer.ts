import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Default when no SMTP server is configured: each mail is stored in `mail_outbox`. Outside production
 * its links are printed to the log too, so a person can follow a reset link with no mail server; in
 * production (`logLinks: false`) a link is a credential and never reaches the log
 * (docs/decisions/020-production-mode.md).
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, options: { logLinks: boolean }): Mailer {
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      await db.insert(mailOutbox).values(mail);
      if (!options.logLinks) {
        log.info({ to: mail.to, subject: mail.subject }, 'E-mail guardado na caixa de saída (SMTP_URL não definido)');
        return;
      }
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, links }, `E-mail guardado na caixa de saída: ${links.join(' ')}`);
    },
  };
}
