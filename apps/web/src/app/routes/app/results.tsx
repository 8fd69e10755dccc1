import { ResultsPage } from '@/features/results/components/results-page';

/** /resultados: Resultados (docs/decisions/017-results-figures.md). Lazy like every route, so the chart library stays out of the landing bundle. */
export function Component() {
  return <ResultsPage />;
}
