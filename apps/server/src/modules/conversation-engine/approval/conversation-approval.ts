import type { ConversationApprovalDto, PendingDraftsDto } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/rows.ts';
import { type Actor, assertMayDo } from '../../../domain/team/permissions.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { DRAFT_COLUMNS, type DraftSqlRow, toDraftDto } from './draft-dto.ts';

const CONVERSATION_NOT_FOUND = 'Conversa não encontrada.';

/** The conversation's approval setting, the agent's, and its pending draft (another account's conversation: 404). */
export async function conversationApproval(
  deps: Pick<EngineDeps, 'db'>,
  userId: string,
  convId: string,
): Promise<ConversationApprovalDto> {
  const [conv] = resultRows<{ mode: boolean | null; agent_mode: boolean | null }>(
    await deps.db.execute(sql`
      select c.approval_mode as mode, a.approval_mode as agent_mode
      from conversations c left join numbers n on n.id = c.number_id left join agentes a on a.id = n.agente
      where c.id = ${convId} and c.user_id = ${userId}`),
  );
  if (!conv) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  const [draft] = resultRows<DraftSqlRow>(
    await deps.db.execute(sql`
      select ${sql.raw(DRAFT_COLUMNS)} from reply_drafts where conv_id = ${convId} and state = 'pending'`),
  );
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
  const userId = actor.id;
  if (actor.role !== 'owner') {
    const now = await conversationApproval(deps, userId, convId);
    if (now.effective && !(mode ?? now.agent_mode)) await assertMayDo(deps.db, actor, 'approvalOverride');
  }
  const updated = resultRows<{ id: string }>(
    await deps.db.execute(sql`
      update conversations set approval_mode = ${mode} where id = ${convId} and user_id = ${userId} returning id`),
  );
  if (updated.length === 0) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return conversationApproval(deps, userId, convId);
}

/** The owner's conversations with a draft pending (at most one each; the pending drafts' partial index). */
export async function pendingDraftConversations(
  deps: Pick<EngineDeps, 'db'>,
  userId: string,
): Promise<PendingDraftsDto> {
  const rows = resultRows<{ conv_id: string }>(
    await deps.db.execute(sql`
      select conv_id from reply_drafts where user_id = ${userId} and state = 'pending' order by created_at desc limit 500`),
  );
  return { convIds: rows.map((r) => r.conv_id) };
}
