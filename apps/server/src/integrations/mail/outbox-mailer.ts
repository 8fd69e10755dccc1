import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Local default when no SMTP server is configured: each mail is stored in `mail_outbox` and its
 * links are printed to the log, so a person can follow a reset link with no mail server.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      await db.insert(mailOutbox).values(mail);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, links }, `E-mail guardado na caixa de saída: ${links.join(' ')}`);
    },
  };
}
