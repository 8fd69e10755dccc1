import { type AgentTestOverview, agentDisplayName } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { selectAgentSummaries } from '../../domain/agents/agents-repository.ts';
import { latestRuns, runSummary } from './runs-repository.ts';

/** Every agent of the account: how many tests, and its last finished run (pass rate and date, for Resultados). */
export async function agentTestsOverview(db: Db, accountId: string): Promise<AgentTestOverview> {
  const agents = await selectAgentSummaries(db, accountId);
  const counts = resultRows<{ agent_id: string; n: number }>(
    await db.execute(sql`
      select agent_id, count(*)::int as n from agent_test_cases where user_id = ${accountId} group by agent_id`),
  );
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
