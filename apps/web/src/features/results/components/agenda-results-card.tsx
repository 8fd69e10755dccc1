import type { AgendaResults } from '@vendai/contracts/agenda';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { paths } from '@/config/paths';
import { brl } from '@/lib/money';
import { useAgendaResults } from '../api/get-agenda-results';
import type { ResultsFilters } from '../lib/filters';
import { formatCount, formatDay } from '../lib/format';

const AXIS = { fontSize: 12, fill: '#475569' };
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/**
 * Resultados' 'Agenda' (docs/decisions/069-agenda.md): the period's appointments, those the AI booked,
 * confirmed, attended, no-shows and cancelled, the revenue of the attended ones, and the no-show rate per day
 * (a falling bar is the reminders working).
 */
export function AgendaResultsCard({ filters }: { filters: ResultsFilters }) {
  const query = useAgendaResults(filters);
  const r = query.data;
  return (
    <section
      aria-labelledby="results-agenda"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="results-agenda"
    >
      <h2 id="results-agenda" className="font-semibold text-slate-900">
        Agenda
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Os horários do período: quantos a IA agendou, quantos clientes vieram ou faltaram, e quanto rendeu.
      </p>
      {query.isPending ? (
        <div className="mt-3 h-24 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label="Carregando" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Não foi possível carregar a agenda. {query.error.message}
        </p>
      ) : r!.total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Nenhum horário agendado neste período.{' '}
          <Link to={paths.agenda.getHref()} className="font-semibold text-brand-700 hover:underline">
            Abrir a agenda
          </Link>
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure
              label="Agendados pela IA"
              value={formatCount(r!.byAi)}
              hint={`de ${formatCount(r!.total)} no período`}
            />
            <Figure label="Confirmados" value={formatCount(r!.confirmed)} />
            <Figure label="Compareceram" value={formatCount(r!.attended)} hint={brl(r!.attendedRevenueCents)} />
            <Figure
              label="Não compareceram"
              value={formatCount(r!.noShows)}
              hint={`${percent(r!.noShowRate)} de faltas · ${formatCount(r!.cancelled)} cancelados`}
            />
          </dl>
          <NoShowChart results={r!} />
        </>
      )}
    </section>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function NoShowChart({ results }: { results: AgendaResults }) {
  const data = results.days
    .filter((d) => d.rate !== null)
    .map((d) => ({ label: formatDay(d.date), faltas: Math.round((d.rate ?? 0) * 100) }));
  if (data.length < 2) return null;
  const summary = results.days
    .filter((d) => d.rate !== null)
    .map((d) => `${formatDay(d.date)}: ${percent(d.rate)}`)
    .join('; ');
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-slate-700">
        Faltas por dia (% dos atendimentos marcados)
      </figcaption>
      <p className="sr-only">{summary}</p>
      <div className="mt-2 h-40" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis tick={AXIS} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
            <Tooltip formatter={(v) => `${String(v)}%`} cursor={{ fill: '#f1f5f9' }} />
            <Bar isAnimationActive={false} dataKey="faltas" name="Faltas" fill="#dc2626" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
