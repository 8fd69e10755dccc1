import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Results } from '@vendai/contracts/results';
import { api } from '@/lib/api-client';
import { type ResultsFilters, resultsSearch } from '../lib/filters';

/** Resultados is read by this feature alone: its query keys live here. */
const resultsKeys = {
  all: ['results'] as const,
  period: (filters: ResultsFilters) => [...resultsKeys.all, filters] as const,
};

/** GET /api/results for the chosen period and number; the old figures stay on screen while new ones load. */
export function useResults(filters: ResultsFilters) {
  return useQuery({
    queryKey: resultsKeys.period(filters),
    queryFn: () => api.get<Results>(`/api/results?${resultsSearch(filters)}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same period, downloaded by the browser (Content-Disposition names the file). */
export const resultsCsvHref = (filters: ResultsFilters) => `/api/results/export.csv?${resultsSearch(filters)}`;
