import { AGENT_NOT_FOUND_MESSAGE, PROMPT_VERSION_NOT_FOUND_MESSAGE } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import { selectPromptVersion } from '../../domain/prompt-versions/prompt-versions-repository.ts';
import { AppError } from '../../lib/app-error.ts';

/** The user's own agent, or 404 'Agente não encontrado ou não pertence ao usuário.' (never another user's). */
export async function ownAgent(db: Db, accountId: string, agentId: string) {
  const row = await selectAgent(db, accountId, agentId);
  if (!row) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return row;
}

/** One of the user's own agent's prompt versions with its agent, or 404 (agent or version not found). */
export async function ownPromptVersion(db: Db, accountId: string, agentId: string, versionId: string) {
  const agent = await ownAgent(db, accountId, agentId);
  const version = await selectPromptVersion(db, accountId, agent.id, versionId);
  if (!version) throw new AppError('NOT_FOUND', PROMPT_VERSION_NOT_FOUND_MESSAGE);
  return { agent, version };
}
