import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from '@/lib/query-keys';

export const getNumbers = () => api.get<NumberView[]>('/api/numbers');

/** The user's numbers; every mutation here invalidates numberKeys.all (and usageKeys.all, which counts them). */
export const numbersQueryOptions = queryOptions({ queryKey: numberKeys.list(), queryFn: getNumbers });

export function useNumbers() {
  return useQuery(numbersQueryOptions);
}
