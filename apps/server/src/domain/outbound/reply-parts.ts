import { sql } from 'drizzle-orm';
import { splitReply } from '../ai-reply/split-reply.ts';

/**
 * Rule for an AI answer's text on its way out (docs/decisions/064-cloud-meter-and-one-balloon.md): the
 * answer is cut into a few WhatsApp messages (split-reply.ts), or, on a Cloud number whose owner chose
 * 'Responder numa mensagem só', kept as one message — Meta charges each message it delivers. Even then a
 * text past WhatsApp's 4,096 characters goes in more than one. Catalogue photos stay messages of their own.
 */
export function replyTextParts(text: string, number: { oneBalloon: boolean }): string[] {
  return number.oneBalloon ? splitReply(text, { maxParts: 1 }) : splitReply(text);
}

/** SQL for "this number sends one message", the number joined as `n`: only a Cloud number's choice counts. */
export const ONE_BALLOON_SQL = sql.raw("(n.provider = 'cloud' and coalesce(n.one_balloon, false))");
