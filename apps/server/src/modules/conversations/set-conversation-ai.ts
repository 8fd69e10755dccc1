import {
  GROUP_AI_LOCKED,
  NEVER_ANSWER_LOCKED,
  type ConversationDto,
  type UpdateConversationInput,
} from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { findConversationOfAccount, updateAgenteAtivo } from './conversations-repository.ts';
import { publishConversation } from './publish-conversation.ts';
import { liftOptOut } from '../../domain/opt-out/opt-out-repository.ts';

/**
 * The AI/Manual switch of one conversation (docs/product/rules.md#states-and-transitions). Groups cannot switch: the AI stays off in
 * groups. The new state reaches every open inbox tab as conversation.updated.
 */
export async function setConversationAi({
  deps,
  accountId,
  actorId,
  id,
  input,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  accountId: string;
  /** Who flips it: switching the AI on lifts an opt-out, audited with their id (decision 048). */
  actorId: string;
  id: string;
  input: UpdateConversationInput;
}): Promise<ConversationDto> {
  const current = await findConversationOfAccount(deps.db, accountId, id);
  if (!current) throw notFound();
  if (current.type === 'group')
    throw new AppError('VALIDATION', GROUP_AI_LOCKED, { fields: { agente_ativo: GROUP_AI_LOCKED } });
  if (input.agente_ativo && current.neverAnswer)
    throw new AppError('VALIDATION', NEVER_ANSWER_LOCKED, { fields: { agente_ativo: NEVER_ANSWER_LOCKED } });
  // A 'nunca responder' contact's AI has no return time either.
  const resumeIn = current.neverAnswer ? null : input.ai_resumes_in_hours;
  if (input.agente_ativo && current.optedOut)
    await liftOptOut(deps.db, { userId: accountId, convId: id, actorUserId: actorId });
  await updateAgenteAtivo(deps.db, accountId, id, input.agente_ativo, resumeIn);
  return publishConversation(deps, accountId, id);
}
