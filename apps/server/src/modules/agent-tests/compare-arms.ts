import type { AgentTestResult } from '@vendai/contracts';

/**
 * The gate's side-by-side (docs/decisions/039-agent-tests.md): per case, the draft's share of passed
 * attempts against the live prompt's. Higher: better; lower: worse. Cases not finished on both are left out.
 */
export function compareArms(results: AgentTestResult[]): { better: string[]; worse: string[] } {
  const done = (r: AgentTestResult | undefined) => r && r.runs > 0 && (r.status === 'passed' || r.status === 'failed');
  const better: string[] = [];
  const worse: string[] = [];
  for (const live of results.filter((r) => r.arm === 'live')) {
    const draft = results.find((r) => r.arm === 'draft' && r.caseId === live.caseId);
    if (!done(live) || !done(draft)) continue;
    const before = live.passes / live.runs;
    const after = draft!.passes / draft!.runs;
    if (after > before) better.push(live.caseId);
    else if (after < before) worse.push(live.caseId);
  }
  return { better, worse };
}
