import { NO_AGENT_MESSAGE, type Agent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { selectNewestActiveAgent, toAgentDto } from '../../domain/agents/agents-repository.ts';

/** /ia-management without ?agent=: the newest active agent, or 404 'Nenhum agente encontrado…'. */
export async function getCurrentAgent({ db, accountId }: { db: Db; accountId: string }): Promise<Agent> {
  const row = await selectNewestActiveAgent(db, accountId);
  if (!row) throw new AppError('NOT_FOUND', NO_AGENT_MESSAGE);
  return toAgentDto(row);
}
