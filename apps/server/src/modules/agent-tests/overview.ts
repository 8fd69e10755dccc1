import { type AgentTestOverview, agentDisplayName } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectAgentSummaries } from '../../domain/agents/agents-repository.ts';
import { countCasesByAgent } from './cases-repository.ts';
import { latestRuns, runSummary } from './runs-repository.ts';

/** Every agent of the account: how many tests, and its last finished run (pass rate and date, for Resultados). */
export async function agentTestsOverview(db: Db, accountId: string): Promise<AgentTestOverview> {
  const agents = await selectAgentSummaries(db, accountId);
  const counts = await countCasesByAgent(db, accountId);
  return Promise.all(
    agents.map(async (a) => {
      const [last] = await latestRuns(db, accountId, a.id, 1, true);
      return {
        agentId: a.id,
        agentName: agentDisplayName(a),
        cases: Number(counts.find((c) => c.agent_id === a.id)?.n ?? 0),
        lastRun: last ? await runSummary(db, last) : null,
      };
    }),
  );
}
