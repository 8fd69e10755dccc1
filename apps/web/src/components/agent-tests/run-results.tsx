import type { AgentTestResult, AgentTestRun } from '@vendai/contracts';
import { CheckCircle2, CircleAlert, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** 'passou 2 de 3 vezes' for a judged case; 'passou' / 'falhou' otherwise. */
export function resultText(r: AgentTestResult): string {
  if (r.status === 'pending' || r.status === 'running') return 'na fila';
  if (r.status === 'error') return r.error ?? 'erro';
  if (r.runs > 1) return `passou ${r.passes} de ${r.runs} vezes`;
  return r.status === 'passed' ? 'passou' : 'falhou';
}

export function ResultIcon({ result }: { result: AgentTestResult | undefined }) {
  if (!result || result.status === 'pending' || result.status === 'running')
    return <span className="inline-block size-4 rounded-full border-2 border-slate-300" aria-label="na fila" />;
  if (result.status === 'passed') return <CheckCircle2 className="size-4 text-emerald-600" aria-label="passou" />;
  if (result.status === 'error') return <CircleAlert className="size-4 text-amber-600" aria-label="erro" />;
  return <XCircle className="size-4 text-red-600" aria-label="falhou" />;
}

/** The failed checks of a result's first failed attempt, and the reply that failed them. */
export function FailedChecks({ result, className }: { result: AgentTestResult; className?: string }) {
  const attempt = result.attempts.find((a) => !a.passed);
  if (!attempt) return null;
  return (
    <div className={cn('mt-1 text-xs text-slate-600', className)}>
      <ul className="list-disc pl-4">
        {attempt.checks
          .filter((c) => !c.passed)
          .map((c, i) => (
            <li key={i}>
              <span className="font-medium text-red-700">{c.label}</span>
              {c.detail ? `: ${c.detail}` : null}
            </li>
          ))}
      </ul>
      {attempt.replies.at(-1) ? (
        <p className="mt-1 line-clamp-3 rounded-md bg-slate-50 px-2 py-1 text-slate-700">
          Resposta: “{attempt.replies.at(-1)}”
        </p>
      ) : null}
    </div>
  );
}

/** Progress of a run in words. */
export function runProgressText(run: AgentTestRun): string {
  if (run.status === 'failed') return run.error ?? 'A execução falhou.';
  if (run.status === 'done') return 'Pronto.';
  return `Testando… ${run.done} de ${run.total} respostas`;
}

/** The text the coach gets when the owner goes back to it with the failures. */
export function failuresForCoach(run: AgentTestRun, caseIds: string[]): string {
  const lines = run.results
    .filter((r) => r.arm === 'draft' && caseIds.includes(r.caseId))
    .map((r) => {
      const failed = r.attempts.find((a) => !a.passed)?.checks.filter((c) => !c.passed) ?? [];
      return `- “${r.title}”: ${failed.map((c) => c.label.toLowerCase()).join('; ') || 'piorou'}`;
    });
  return `Ajuste o prompt para que estes testes voltem a passar:\n${lines.join('\n')}`;
}
