import type { FastifyBaseLogger } from 'fastify';
import { FEEDBACK_DUPLICATE_MESSAGE, FEEDBACK_TYPE_LABELS, PRODUCT_NAME, type FeedbackResult } from '@vendai/contracts';
import type { z } from 'zod';
import type { feedbackSchema } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { findRecentSameFeedback, insertFeedback, lockAccountFeedback } from './feedback-repository.ts';

/** The same text from the same person within this window is a double send, not a new feedback. */
export const FEEDBACK_DUPLICATE_WINDOW_MS = 10_000;

type Input = z.output<typeof feedbackSchema>;

/**
 * Stores one feedback in `sugestoes` (docs/product/integrations.md) and mails it to the support address. The duplicate
 * check and the insert run under a per-user lock. The mail goes after the commit: a mail failure is
 * logged and the feedback stays stored (the person already sees the thank-you screen).
 */
export async function sendFeedback({
  deps,
  user,
  input,
  log,
  now = new Date(),
}: {
  deps: { db: Db; mailer: Mailer; supportEmail: string };
  user: { id: string; name: string; email: string };
  input: Input;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<FeedbackResult> {
  const email = input.email ? input.email : null;
  const row = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockAccountFeedback(tx, user.id);
    const since = new Date(now.getTime() - FEEDBACK_DUPLICATE_WINDOW_MS);
    if (await findRecentSameFeedback(tx, user.id, input.sugestao, since))
      throw new AppError('CONFLICT', FEEDBACK_DUPLICATE_MESSAGE);
    return insertFeedback(tx, { uid: user.id, tipo: input.tipo, email, sugestao: input.sugestao });
  });

  const label = FEEDBACK_TYPE_LABELS[input.tipo];
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject: `[${PRODUCT_NAME}] ${label}: ${firstLine(input.sugestao)}`,
      text: [
        `Novo feedback (${label}) de ${user.name} <${user.email}>.`,
        `Responder para: ${email ?? 'não informado'}`,
        `Conta: ${user.id}`,
        '',
        input.sugestao,
      ].join('\n'),
    });
  } catch (err) {
    log.error({ err: (err as Error).message, feedbackId: row.id }, 'feedback: e-mail para o suporte não enviado');
  }
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
