import type { ContextMessage } from '../../domain/ai-reply/history.ts';
import { buildTouchRequest, cleanTouch, TOUCH_CONTEXT_MESSAGES } from '../../domain/follow-ups/touch-request.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { selectPreviousTouchText, selectTouchContext } from './follow-ups-repository.ts';

/**
 * The touch's text, written by the AI from the conversation in the agent's voice; never the same
 * as the previous touch of this conversation (asked once more, then given up: null).
 */
export async function writeTouch(
  deps: Pick<FollowUpDeps, 'db' | 'llm' | 'log'>,
  f: { conv_id: string; step: number },
  systemPrompt: string,
): Promise<string | null> {
  const recent = (await selectTouchContext(deps.db, f.conv_id, TOUCH_CONTEXT_MESSAGES)).map((m): ContextMessage => ({
    direction: m.direction,
    messageType: m.message_type,
    content: m.content,
    mediaFilename: m.media_filename,
    mediaDuration: m.media_duration,
    status: m.status,
  }));
  const previous = await selectPreviousTouchText(deps.db, f.conv_id);
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
