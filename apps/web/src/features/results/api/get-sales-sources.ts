import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SalesSources, SourceCostInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { type ResultsFilters, resultsSearch } from '../lib/filters';

const salesSourcesKeys = {
  all: ['results', 'sources'] as const,
  period: (filters: ResultsFilters) => [...salesSourcesKeys.all, filters] as const,
};

/** GET /api/results/sources: 'Origem das vendas' for the chosen period and number (decision 071). */
export function useSalesSources(filters: ResultsFilters) {
  return useQuery({
    queryKey: salesSourcesKeys.period(filters),
    queryFn: () => api.get<SalesSources>(`/api/results/sources?${resultsSearch(filters)}`),
    placeholderData: keepPreviousData,
  });
}

/** The owner enters what an ad or link cost; every period's figures are read again. */
export function useSetSourceCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SourceCostInput) => api.put<void>('/api/results/source-costs', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesSourcesKeys.all }),
  });
}

/** The same figures as CSV, downloaded by the browser. */
export const salesSourcesCsvHref = (filters: ResultsFilters) => `/api/results/sources.csv?${resultsSearch(filters)}`;
