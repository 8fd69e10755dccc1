import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgendaResults } from '@vendai/contracts/agenda';
import { api } from '@/lib/api-client';
import { type ResultsFilters, resultsSearch } from '../lib/filters';

const agendaResultsKeys = {
  period: (filters: ResultsFilters) => ['results', 'agenda', filters] as const,
};

/** GET /api/results/agenda: the period's appointments (docs/decisions/069-agenda.md). */
export function useAgendaResults(filters: ResultsFilters) {
  return useQuery({
    queryKey: agendaResultsKeys.period(filters),
    queryFn: () => api.get<AgendaResults>(`/api/results/agenda?${resultsSearch(filters)}`),
    placeholderData: keepPreviousData,
  });
}
