import type { ConversationApprovalDto, PendingDraftsDto } from '@vendai/contracts';
import { type Actor, assertMayDo } from '../../../domain/team/permissions.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { toDraftDto } from './draft-dto.ts';
import {
  selectApprovalModes,
  selectPendingDraft,
  selectPendingDraftConvIds,
  updateApprovalMode,
} from './approval-repository.ts';

const CONVERSATION_NOT_FOUND = 'Conversa não encontrada.';

/** The conversation's approval setting, the agent's, and its pending draft (another account's conversation: 404). */
export async function conversationApproval(
  deps: Pick<EngineDeps, 'db'>,
  accountId: string,
  convId: string,
): Promise<ConversationApprovalDto> {
  const conv = await selectApprovalModes(deps.db, accountId, convId);
  if (!conv) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  const draft = await selectPendingDraft(deps.db, convId);
  const agentMode = conv.agent_mode === true;
  return {
    mode: conv.mode,
    agent_mode: agentMode,
    effective: conv.mode ?? agentMode,
    draft: draft ? toDraftDto(draft) : null,
  };
}

/**
 * 'Aprovar respostas' in the chat header: on, off, or the agent's (null). A change that switches approval
 * off where it was on needs the owner, or an attendant the owner allowed ('approvalOverride', decision 052);
 * switching it on, or a choice that keeps it as it is, is the whole team's.
 */
export async function setConversationApproval(
  deps: Pick<EngineDeps, 'db'>,
  actor: Actor,
  convId: string,
  mode: boolean | null,
): Promise<ConversationApprovalDto> {
  const accountId = actor.id;
  if (actor.role !== 'owner') {
    const now = await conversationApproval(deps, accountId, convId);
    if (now.effective && !(mode ?? now.agent_mode)) await assertMayDo(deps.db, actor, 'approvalOverride');
  }
  const updated = await updateApprovalMode(deps.db, accountId, convId, mode);
  if (updated.length === 0) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return conversationApproval(deps, accountId, convId);
}

/** The owner's conversations with a draft pending (at most one each; the pending drafts' partial index). */
export async function pendingDraftConversations(
  deps: Pick<EngineDeps, 'db'>,
  accountId: string,
): Promise<PendingDraftsDto> {
  const rows = await selectPendingDraftConvIds(deps.db, accountId);
  return { convIds: rows.map((r) => r.conv_id) };
}
