import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const getNumbers = () => api.get<NumberView[]>('/api/numbers');

/** The user's numbers; every mutation here invalidates this key (and ['usage'], which counts them). */
export const numbersQueryOptions = queryOptions({ queryKey: ['numbers'], queryFn: getNumbers });

export function useNumbers() {
  return useQuery(numbersQueryOptions);
}
