import { formatCount } from '../lib/format';

const DAYS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'];
const DAY_NAMES = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'];
/** Emerald steps from empty to busiest; the count is also in each cell's title and label. */
const STEPS = ['#f1f5f9', '#d1fae5', '#6ee7b7', '#10b981', '#047857', '#064e3b'];

/** Customer messages per weekday × hour (account time zone): when customers write. */
export function HeatMap({ cells }: { cells: number[][] }) {
  const max = Math.max(1, ...cells.flat());
  const step = (n: number) =>
    n === 0 ? 0 : Math.min(STEPS.length - 1, 1 + Math.floor((n / max) * (STEPS.length - 2)));
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Quando os clientes escrevem</h2>
      <p className="mt-0.5 text-sm text-slate-600">Mensagens de clientes por dia da semana e hora.</p>
      <table className="mt-3 w-full table-fixed border-separate border-spacing-[2px]">
        <caption className="sr-only">Mensagens de clientes por dia da semana (linhas) e hora (colunas)</caption>
        <thead>
          <tr>
            <th className="w-8" scope="col">
              <span className="sr-only">Dia</span>
            </th>
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col" className="text-[10px] font-normal text-slate-500">
                {h % 3 === 0 ? h : <span className="sr-only">{h}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row, d) => (
            <tr key={DAYS[d]}>
              <th scope="row" className="pr-1 text-left text-xs font-medium text-slate-600">
                {DAYS[d]}
              </th>
              {row.map((n, h) => {
                const label = `${DAY_NAMES[d]}, ${h}h: ${formatCount(n)} ${n === 1 ? 'mensagem' : 'mensagens'}`;
                return (
                  <td key={h} title={label} className="h-5 rounded-sm" style={{ backgroundColor: STEPS[step(n)] }}>
                    <span className="sr-only">{label}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex items-center justify-end gap-1 text-xs text-slate-600" aria-hidden>
        menos
        {STEPS.map((c) => (
          <span key={c} className="inline-block size-3 rounded-sm" style={{ backgroundColor: c }} />
        ))}
        mais
      </div>
    </section>
  );
}
