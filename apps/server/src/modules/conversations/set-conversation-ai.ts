import {
  GROUP_AI_LOCKED,
  NEVER_ANSWER_LOCKED,
  type ConversationDto,
  type UpdateConversationInput,
} from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { findConversationOfUser, updateAgenteAtivo } from './conversations-repository.ts';
import { publishConversation } from './publish-conversation.ts';

/**
 * The AI/Manual switch of one conversation (docs/product/rules.md#states-and-transitions). Groups cannot switch: the AI stays off in
 * groups. The new state reaches every open inbox tab as conversation.updated.
 */
export async function setConversationAi({
  deps,
  userId,
  id,
  input,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  userId: string;
  id: string;
  input: UpdateConversationInput;
}): Promise<ConversationDto> {
  const current = await findConversationOfUser(deps.db, userId, id);
  if (!current) throw notFound();
  if (current.type === 'group')
    throw new AppError('VALIDATION', GROUP_AI_LOCKED, { fields: { agente_ativo: GROUP_AI_LOCKED } });
  if (input.agente_ativo && current.neverAnswer)
    throw new AppError('VALIDATION', NEVER_ANSWER_LOCKED, { fields: { agente_ativo: NEVER_ANSWER_LOCKED } });
  // A 'nunca responder' contact's AI has no return time either.
  const resumeIn = current.neverAnswer ? null : input.ai_resumes_in_hours;
  await updateAgenteAtivo(deps.db, userId, id, input.agente_ativo, resumeIn);
  return publishConversation(deps, userId, id);
}
