import type { Agent, UpdateAgentInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { toAgentDto, updateAgentFields } from '../../domain/agents/agents-repository.ts';
import { changeAgentPrompt } from '../../domain/prompt-versions/change-agent-prompt.ts';
import { isPersonOfAccount } from '../../domain/team/membership.ts';
import { AppError } from '../../lib/app-error.ts';

const HANDOFF_PERSON_INVALID = 'Escolha uma pessoa da equipe.';

/**
 * Saves the system prompt (a manual edit: written with its version only when the text differs from
 * the saved one, never a training), the response delay (docs/product/rules.md#states-and-transitions: the delay saves at once) and/or
 * the AI's return time after a takeover (docs/decisions/015-handoff.md) and/or its AI answers per contact
 * a day (docs/decisions/021-spend-and-abuse-limits.md).
 */
export async function updateAgent({
  db,
  accountId,
  id,
  input,
}: {
  db: Db;
  accountId: string;
  id: string;
  input: UpdateAgentInput;
}): Promise<Agent> {
  let row =
    input.system_prompt === undefined
      ? undefined
      : (await changeAgentPrompt(db, { accountId, agentId: id, prompt: input.system_prompt, source: 'manual' })).agent;
  if (input.timing !== undefined) row = await updateAgentFields(db, accountId, id, { timing: input.timing });
  if (input.resume_after_minutes !== undefined)
    row = await updateAgentFields(db, accountId, id, { resumeAfterMinutes: input.resume_after_minutes });
  if (input.max_answers_per_contact_day !== undefined)
    row = await updateAgentFields(db, accountId, id, { maxAnswersPerContactDay: input.max_answers_per_contact_day });
  // Approval mode (docs/decisions/045-approval-mode.md): one update for the three settings.
  if (
    input.approval_mode !== undefined ||
    input.approval_timeout_minutes !== undefined ||
    input.approval_timeout_action !== undefined
  )
    row = await updateAgentFields(db, accountId, id, {
      approvalMode: input.approval_mode,
      approvalTimeoutMinutes: input.approval_timeout_minutes,
      approvalTimeoutAction: input.approval_timeout_action,
    });
  // The handoff person (decision 044): the owner or a member of this account.
  if (input.handoff_user_id !== undefined) {
    if (input.handoff_user_id !== null && !(await isPersonOfAccount(db, accountId, input.handoff_user_id)))
      throw new AppError('VALIDATION', HANDOFF_PERSON_INVALID, { fields: { handoff_user_id: HANDOFF_PERSON_INVALID } });
    row = await updateAgentFields(db, accountId, id, { handoffUserId: input.handoff_user_id });
  }
  if (!row) throw agentNotFound();
  return toAgentDto(row);
}
