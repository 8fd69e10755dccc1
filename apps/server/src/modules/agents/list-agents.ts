import type { AgentSummary } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectAgentSummaries } from '../../domain/agents/agents-repository.ts';

/** /agents-management's rows: the user's agents with the flag that blocks deletion. */
export async function listAgents({ db, accountId }: { db: Db; accountId: string }): Promise<AgentSummary[]> {
  return selectAgentSummaries(db, accountId);
}
