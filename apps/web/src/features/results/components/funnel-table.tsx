import type { Results } from '@vendai/contracts/results';
import { formatCount, formatShare } from '../lib/format';

/**
 * 'Funil de vendas' for the period's conversations (docs/decisions/043-labels-notes-funnel.md): per
 * stage, how many are in it now, how many reached it (it or a later stage; Perdido only itself) and the
 * conversion (reached ÷ conversations started in the period). A section of its own, below the figures grid.
 */
export function FunnelTable({ results }: { results: Results }) {
  const { funnel } = results;
  return (
    <section
      aria-labelledby="results-funnel"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="results-funnel"
    >
      <h2 id="results-funnel" className="font-semibold text-slate-900">
        Funil de vendas
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        As {formatCount(funnel.total)} conversas iniciadas no período, pela etapa em que estão agora. Conversão: quantas
        chegaram à etapa (ou passaram dela) entre as conversas do período.
      </p>
      {funnel.total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhuma conversa começou neste período.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[18rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Etapa
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Agora
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Chegaram
                </th>
                <th scope="col" className="w-2/5 py-2 font-medium">
                  Conversão
                </th>
              </tr>
            </thead>
            <tbody>
              {funnel.stages.map((s) => (
                <tr key={s.stageId} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                    {s.name}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(s.count)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(s.reached)}</td>
                  <td className="py-2">
                    <div className="flex items-center gap-2">
                      <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden>
                        <div
                          className="h-2 rounded-full bg-brand-600"
                          style={{ width: `${Math.round((s.conversion ?? 0) * 100)}%` }}
                        />
                      </div>
                      <span className="w-12 text-right tabular-nums">{formatShare(s.reached, funnel.total)}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
