import type { TrainingMode } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { assertWithinLimit } from '../../domain/usage/assert-within-limit.ts';
import { agentId, agentNotFound } from '../../domain/agents/agent-id.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';

/**
 * Before any AI call of the wizard: update mode needs the user's own agent and a training left
 * this month; create mode needs room for one more agent (docs/product/limits.md). Returns the agent id (update).
 */
export async function assertCanTrain(
  db: Db,
  accountId: string,
  mode: TrainingMode,
  rawAgentId?: string,
): Promise<string | undefined> {
  if (mode === 'update') {
    const id = agentId(rawAgentId);
    if (!(await selectAgent(db, accountId, id))) throw agentNotFound();
    await assertWithinLimit(db, accountId, 'retrain');
    return id;
  }
  await assertWithinLimit(db, accountId, 'create-agent');
  return undefined;
}
