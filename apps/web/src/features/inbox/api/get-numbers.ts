import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from '@/lib/query-keys';

/** The user's WhatsApp numbers: status for the banner, linked agent for the picker. */
export const getNumbers = () => api.get<NumberView[]>('/api/numbers');

export const numbersQueryOptions = queryOptions({
  queryKey: numberKeys.list(),
  queryFn: getNumbers,
  staleTime: 30_000,
});

export function useNumbers() {
  return useQuery(numbersQueryOptions);
}
