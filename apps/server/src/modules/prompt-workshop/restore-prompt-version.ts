import type { Agent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toAgentDto } from '../../domain/agents/agents-repository.ts';
import { changeAgentPrompt } from '../../domain/prompt-versions/change-agent-prompt.ts';
import { ownPromptVersion } from './prompt-workshop-repository.ts';

/**
 * Makes an older version the agent's prompt again. A restore is a manual edit: a new version
 * ('restore', pointing at the restored one), never a training; restoring the text already saved
 * changes nothing.
 */
export async function restorePromptVersion({
  db,
  accountId,
  agentId,
  versionId,
}: {
  db: Db;
  accountId: string;
  agentId: string;
  versionId: string;
}): Promise<Agent> {
  const { agent, version } = await ownPromptVersion(db, accountId, agentId, versionId);
  const { agent: saved } = await changeAgentPrompt(db, {
    accountId,
    agentId: agent.id,
    prompt: version.systemPrompt,
    source: 'restore',
    restoredFrom: version.id,
  });
  return toAgentDto(saved);
}
