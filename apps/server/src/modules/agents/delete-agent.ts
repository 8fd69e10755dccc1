import { AGENT_IN_USE_MESSAGE } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { deleteUnlinkedAgent } from '../../domain/agents/agents-repository.ts';

/** Deletes an agent; blocked (409 'Agente em uso') while a number links it (docs/product/rules.md#validation). */
export async function deleteAgent({ db, accountId, id }: { db: Db; accountId: string; id: string }): Promise<void> {
  const outcome = await deleteUnlinkedAgent(db, accountId, id);
  if (outcome === 'missing') throw agentNotFound();
  if (outcome === 'linked') throw new AppError('CONFLICT', AGENT_IN_USE_MESSAGE);
}
