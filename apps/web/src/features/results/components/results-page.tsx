import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { resultsCsvHref, useResults } from '../api/get-results';
import { filtersFromSearch, filtersToSearch, type ResultsFilters } from '../lib/filters';
import { formatDay } from '../lib/format';
import { MessagesChart, ResponseTimeChart } from './daily-charts';
import { FiguresGrid, Highlights } from './figures-grid';
import { TemplatesCard } from './templates-card';
import { CloudMeterCard } from './cloud-meter-card';
import { FunnelTable } from './funnel-table';
import { SalesSourcesCard } from './sales-sources-card';
import { AgendaResultsCard } from './agenda-results-card';
import { HeatMap } from './heat-map';
import { PeriodPicker } from './period-picker';
import { ResultsEmpty } from './results-empty';
import { UsageCard } from './usage-card';
import { TestsSummaryCard } from '@/components/agent-tests/tests-summary-card';

/**
 * Resultados (/resultados, docs/decisions/017-results-figures.md): what the AI did for the business in a period, each figure
 * beside the previous period of the same length, per-day charts, the week × hour heat map and the
 * CSV export. The filters live in the address.
 */
/** `notice`: another feature's hint under the title (the route composes it). */
export function ResultsPage({ notice }: { notice?: ReactNode } = {}) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const query = useResults(filters);
  const results = query.data;
  const change = (next: ResultsFilters) => setSearch(filtersToSearch(next), { replace: true });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader
        title="Resultados"
        description="O que a IA está fazendo pelo seu negócio: quantos clientes atendeu, em quanto tempo e quantas vezes respondeu com a loja fechada."
        action={
          results?.hasData ? (
            <Button asChild variant="secondary">
              <a href={resultsCsvHref(filters)} download>
                <Download aria-hidden />
                Exportar CSV
              </a>
            </Button>
          ) : null
        }
      />
      {notice}
      {query.isPending ? (
        <Spinner label="Calculando seus resultados..." />
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : !results!.hasData ? (
        <ResultsEmpty />
      ) : (
        <>
          <PeriodPicker filters={filters} numbers={results!.numbers} onChange={change} />
          <p className="text-sm text-slate-600" aria-live="polite">
            {formatDay(results!.period.fromDate, true)}
            {results!.period.toDate !== results!.period.fromDate ? ` a ${formatDay(results!.period.toDate, true)}` : ''}
            , comparado com {formatDay(results!.period.previousFromDate, true)}
            {results!.period.previousToDate !== results!.period.previousFromDate
              ? ` a ${formatDay(results!.period.previousToDate, true)}`
              : ''}
            .{query.isFetching ? ' Atualizando…' : ''}
          </p>
          {results!.pendingFrom ? (
            <Alert tone="warning">
              Ainda estamos organizando o histórico desta conta: as mensagens desde{' '}
              {new Date(results!.pendingFrom).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}{' '}
              entram nos números em alguns minutos.
            </Alert>
          ) : null}
          <Highlights results={results!} />
          <FiguresGrid results={results!} />
          <TemplatesCard results={results!} />
          <CloudMeterCard />
          <FunnelTable results={results!} />
          <SalesSourcesCard filters={filters} />
          <AgendaResultsCard filters={filters} />
          <div className="grid gap-3 lg:grid-cols-2">
            <MessagesChart days={results!.days} />
            <ResponseTimeChart days={results!.days} />
          </div>
          <div className="grid gap-3 lg:grid-cols-[2fr_1fr]">
            <HeatMap cells={results!.heatmap} />
            <UsageCard usage={results!.usage} />
          </div>
          <TestsSummaryCard />
        </>
      )}
    </div>
  );
}
