import { INSIGHT_NOT_POSSIBLE, type MessageInsightDto } from '@vendai/contracts';
import { findInsights, toInsightDto } from '../../../domain/media-insights/insight-repository.ts';
import { canUnderstand, insightKindOf, understandMessage } from '../../../domain/media-insights/understand-message.ts';
import { claimAiAssist } from '../../../domain/usage/ai-assists.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { publishInsight, understandDeps } from './understand-reply-media.ts';
import { selectOwnMessage } from './media-repository.ts';

export const INSIGHT_OFF: Record<string, string> = {
  transcript: 'A transcrição de áudios não está configurada (veja MEDIA_TRANSCRIPTION_MODEL).',
  description: 'A descrição de imagens não está configurada (veja MEDIA_VISION_MODEL).',
};

/**
 * The owner asks for a voice note's transcript or an image's description from the inbox
 * (decision 016): run now whatever the conversation's AI switch, group or opt-out (the owner reads
 * it; nothing is sent to the customer). A done insight is returned as it is; a failed or skipped one
 * is tried again. Another user's message is 404.
 */
export async function requestInsight(
  deps: EngineDeps,
  input: { accountId: string; convId: string; messageId: string },
): Promise<MessageInsightDto> {
  const [row] = await selectOwnMessage(deps.db, input);
  const kind = row && row.direction === 'in' && !row.deletedAt ? insightKindOf(row) : null;
  if (!row || !kind) throw notFound(INSIGHT_NOT_POSSIBLE);
  const known = (await findInsights(deps.db, [row.id])).get(row.id);
  if (known?.state === 'done') return toInsightDto(known);
  if (!canUnderstand(deps.mediaAi, kind)) throw new AppError('CONFLICT', INSIGHT_OFF[kind] ?? INSIGHT_NOT_POSSIBLE);
  // A transcript or a description is a model call the owner asked for: one AI assist (decision 050),
  // given back when nothing came of it. A document's text is read here, without a model.
  const giveBack = kind === 'document' ? null : await claimAiAssist(deps.db, input.accountId, 'media-request');
  const insight = await understandMessage(understandDeps(deps), { ...row, accountId: input.accountId });
  if (insight?.state !== 'done') await giveBack?.();
  if (!insight) throw new AppError('CONFLICT', INSIGHT_OFF[kind] ?? INSIGHT_NOT_POSSIBLE);
  await publishInsight(deps, insight);
  return toInsightDto(insight);
}
