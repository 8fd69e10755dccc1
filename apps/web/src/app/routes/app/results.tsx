import { ResultsPage } from '@/features/results/components/results-page';

/** /resultados: Resultados (issue 17). Lazy like every route, so the chart library stays out of the landing bundle. */
export function Component() {
  return <ResultsPage />;
}
