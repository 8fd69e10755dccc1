import { isPartialSuggestion, COACH_PARTIAL_WARNING, type Agent, type CoachAcceptInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toAgentDto } from '../../domain/agents/agents-repository.ts';
import { changeAgentPrompt } from '../../domain/prompt-versions/change-agent-prompt.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownAgent } from './prompt-workshop-repository.ts';

/**
 * 'Aceitar' (docs/product/rules.md#states-and-transitions): saves the suggested prompt, its version ('coach') and the usage_training
 * row 'TREINADORA DE PROMPT' in one transaction, if the saved prompt is still the one the suggestion
 * was made from. A partial suggestion is refused here too. Not counted as a training
 * (docs/decisions/014-prompt-workshop.md): an owner at the retrain limit can still use the coach.
 */
export async function acceptSuggestion({
  db,
  accountId,
  agentId,
  input,
}: {
  db: Db;
  accountId: string;
  agentId: string;
  input: CoachAcceptInput;
}): Promise<Agent> {
  const agent = await ownAgent(db, accountId, agentId);
  if (isPartialSuggestion(agent.systemPrompt, input.updated_prompt))
    throw new AppError('VALIDATION', COACH_PARTIAL_WARNING);
  const { agent: saved } = await changeAgentPrompt(db, {
    accountId,
    agentId,
    prompt: input.updated_prompt,
    source: 'coach',
    usageType: 'TREINADORA DE PROMPT',
    basedOn: input.based_on,
  });
  return toAgentDto(saved);
}
