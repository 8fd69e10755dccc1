import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from './query-keys';

/** GET /api/numbers: the user's WhatsApp numbers (status, linked agent), read by every screen that shows them. */
export const getNumbers = () => api.get<NumberView[]>('/api/numbers');

/** Every number mutation invalidates numberKeys.all (and usageKeys.all, which counts them); realtime events patch it. */
export const numbersQueryOptions = queryOptions({
  queryKey: numberKeys.list(),
  queryFn: getNumbers,
  staleTime: 30_000,
});

export function useNumbers() {
  return useQuery(numbersQueryOptions);
}
