import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAgentTestsOverview } from '@/lib/api/agent-tests';

/**
 * Resultados' card of 'Testes do assistente' (docs/decisions/039-agent-tests.md): per agent with tests, the
 * pass rate of the last run and its date, and a drop when a scheduled run passed fewer than before.
 */
export function TestsSummaryCard() {
  const overview = useAgentTestsOverview();
  const agents = overview.data?.filter((a) => a.cases > 0) ?? [];
  if (!agents.length) return null;
  return (
    <section aria-label="Testes do assistente" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <ClipboardCheck className="size-4 text-brand-700" aria-hidden /> Testes do assistente
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {agents.map((a) => (
          <li key={a.agentId} className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-800">{a.agentName}</span>
            {a.lastRun ? (
              <span className="text-slate-600">
                {Math.round((a.lastRun.passedLive / Math.max(1, a.lastRun.cases)) * 100)}% passaram (
                {a.lastRun.passedLive} de {a.lastRun.cases}) · última execução{' '}
                {new Date(a.lastRun.finishedAt ?? a.lastRun.createdAt).toLocaleString('pt-BR', {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
                {a.lastRun.dropFrom !== null ? (
                  <strong className="ml-1 text-red-700">piorou (antes {a.lastRun.dropFrom})</strong>
                ) : null}
              </span>
            ) : (
              <span className="text-slate-500">ainda não rodou</span>
            )}
          </li>
        ))}
      </ul>
      <Link
        to={paths.agentTests.getHref()}
        className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        Abrir os testes
      </Link>
    </section>
  );
}
