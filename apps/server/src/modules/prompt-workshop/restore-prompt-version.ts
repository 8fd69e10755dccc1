import { PROMPT_VERSION_NOT_FOUND_MESSAGE, type Agent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toAgentDto } from '../../domain/agents/agents-repository.ts';
import { changeAgentPrompt } from '../../domain/prompt-versions/change-agent-prompt.ts';
import { selectPromptVersion } from '../../domain/prompt-versions/prompt-versions-repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownAgent } from './prompt-workshop-repository.ts';

/**
 * Makes an older version the agent's prompt again. A restore is a manual edit: a new version
 * ('restore', pointing at the restored one), never a training; restoring the text already saved
 * changes nothing.
 */
export async function restorePromptVersion({
  db,
  userId,
  agentId,
  versionId,
}: {
  db: Db;
  userId: string;
  agentId: string;
  versionId: string;
}): Promise<Agent> {
  const agent = await ownAgent(db, userId, agentId);
  const version = await selectPromptVersion(db, userId, agent.id, versionId);
  if (!version) throw new AppError('NOT_FOUND', PROMPT_VERSION_NOT_FOUND_MESSAGE);
  const { agent: saved } = await changeAgentPrompt(db, {
    userId,
    agentId: agent.id,
    prompt: version.systemPrompt,
    source: 'restore',
    restoredFrom: version.id,
  });
  return toAgentDto(saved);
}
