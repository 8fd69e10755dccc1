import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@vendai/contracts';
import { api, ApiError } from './api-client';

/**
 * The signed-in user, or null when signed out. Every guard and the shell read this one query;
 * sign-in, sign-up and sign-out refresh it.
 */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api.get<Me>('/api/account/me', { silent401: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.post('/api/auth/sign-out', {}, { silent401: true });
    } finally {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    }
  };
}
