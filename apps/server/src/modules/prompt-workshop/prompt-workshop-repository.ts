import { AGENT_NOT_FOUND_MESSAGE } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import { AppError } from '../../lib/app-error.ts';

/** The user's own agent, or 404 'Agente não encontrado ou não pertence ao usuário.' (never another user's). */
export async function ownAgent(db: Db, userId: string, agentId: string) {
  const row = await selectAgent(db, userId, agentId);
  if (!row) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return row;
}
