import type { ConversationDto } from '@vendai/contracts';
import { TEAM_MESSAGES, type AssignConversationInput } from '@vendai/contracts/team';
import { isPersonOfAccount } from '../../domain/team/membership.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { updateAssignee } from './conversations-repository.ts';
import { publishConversation } from './publish-conversation.ts';

/**
 * PUT /api/conversations/:id/assignee (docs/decisions/044-team-roles-and-assignment.md): the
 * conversation goes to the owner or a member of the account, or back to 'Sem responsável' (null).
 * Every member's inbox hears it as conversation.updated.
 */
export async function assignConversation({
  deps,
  accountId,
  id,
  input,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  accountId: string;
  id: string;
  input: AssignConversationInput;
}): Promise<ConversationDto> {
  if (input.userId !== null && !(await isPersonOfAccount(deps.db, accountId, input.userId)))
    throw new AppError('VALIDATION', TEAM_MESSAGES.assigneeNotMember, {
      fields: { userId: TEAM_MESSAGES.assigneeNotMember },
    });
  if (!(await updateAssignee(deps.db, accountId, id, input.userId))) throw notFound();
  return publishConversation(deps, accountId, id);
}
