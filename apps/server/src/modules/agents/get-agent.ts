import type { Agent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { selectAgent, toAgentDto } from '../../domain/agents/agents-repository.ts';

/** One of the user's agents with all its fields; another user's id is 'not found'. */
export async function getAgent({ db, accountId, id }: { db: Db; accountId: string; id: string }): Promise<Agent> {
  const row = await selectAgent(db, accountId, id);
  if (!row) throw agentNotFound();
  return toAgentDto(row);
}
