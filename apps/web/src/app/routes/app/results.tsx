import { AgentHint } from '@/features/agent-hints/components/agent-hint';
import { ResultsPage } from '@/features/results/components/results-page';

/** /resultados: Resultados (docs/decisions/017-results-figures.md). Lazy like every route, so the chart library stays out of the landing bundle. */
export function Component() {
  // A hint to the agent's follow-ups or approval when it would help (docs/decisions/065-agent-tabs-hints-and-judge.md).
  return <ResultsPage notice={<AgentHint variant="card" />} />;
}
