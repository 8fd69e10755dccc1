import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import { buildTouchRequest, cleanTouch, TOUCH_CONTEXT_MESSAGES } from '../../domain/follow-ups/touch-request.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';

/**
 * The touch's text, written by the AI from the conversation in the agent's voice; never the same
 * as the previous touch of this conversation (asked once more, then given up: null).
 */
export async function writeTouch(
  deps: Pick<FollowUpDeps, 'db' | 'llm' | 'log'>,
  f: { conv_id: string; step: number },
  systemPrompt: string,
): Promise<string | null> {
  const recent = resultRows<{
    direction: 'in' | 'out';
    message_type: string;
    content: string | null;
    media_filename: string | null;
    media_duration: number | null;
    status: string;
  }>(
    await deps.db.execute(sql`
      select direction, message_type, content, media_filename, media_duration, status from messages
      where conv_id = ${f.conv_id} and deleted_at is null
      order by created_at desc, id desc limit ${TOUCH_CONTEXT_MESSAGES}`),
  ).map((m): ContextMessage => ({
    direction: m.direction,
    messageType: m.message_type,
    content: m.content,
    mediaFilename: m.media_filename,
    mediaDuration: m.media_duration,
    status: m.status,
  }));
  const [prev] = resultRows<{ text: string | null }>(
    await deps.db.execute(sql`
      select text from follow_ups where conv_id = ${f.conv_id} and kind = 'touch' and state = 'sent'
      order by sent_at desc limit 1`),
  );
  const previous = prev?.text ?? null;
  const request = buildTouchRequest({ systemPrompt }, recent, f.step, previous);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const text = cleanTouch(await deps.llm.complete(request), previous);
      if (text) return text;
    } catch (err) {
      deps.log.warn({ err, convId: f.conv_id }, 'follow-ups: the AI did not write the touch');
    }
  }
  return null;
}
