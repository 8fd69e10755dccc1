import type { ConversationApprovalDto, ReplyDraftDto } from '@vendai/contracts';

/**
 * The conversation's approval state once `draft` changed: a pending draft is the one shown; the shown
 * draft's end (sent, discarded, replaced, failed) stays, so the card can say what happened to it; an
 * older draft's news changes nothing.
 */
export function withDraft(
  current: ConversationApprovalDto | undefined,
  draft: ReplyDraftDto,
): ConversationApprovalDto | undefined {
  if (!current) return current;
  if (draft.state === 'pending') return { ...current, draft };
  if (current.draft && current.draft.id !== draft.id) return current;
  return { ...current, draft };
}
