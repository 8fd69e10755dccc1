import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Me, Session } from '@vendai/contracts';
import { api } from './api-client';
import { accountKeys } from './api/query-keys';

/**
 * The signed-in user, or null when signed out. Every guard and the shell read this one query;
 * sign-in, sign-up and sign-out refresh it.
 */
export const meQueryOptions = queryOptions({
  queryKey: accountKeys.me(),
  // GET /api/account/session answers 200 with null when signed out: no failed request in the console.
  queryFn: async (): Promise<Me | null> => (await api.get<Session>('/api/account/session', { silent401: true })).me,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * Reads /me again after something changed it on the server (e-mail confirmed, signed in, joined a team).
 * A read already on its way started before the change and may answer the old person; when the query has
 * no data yet, TanStack Query hands an invalidation that in-flight read instead of a new one. So it is
 * cancelled first, and the fresh read starts after the change.
 */
export async function refreshMe(queryClient: QueryClient): Promise<Me | null> {
  await queryClient.cancelQueries({ queryKey: meQueryOptions.queryKey });
  return queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.post('/api/auth/sign-out', {}, { silent401: true });
    } finally {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountKeys.all[0] });
    }
  };
}

/**
 * Where a just-finished sign-in or sign-up is heading. The signed-out-only guard sees the new
 * session before the next (lazy) route has loaded; it sends the user to this target instead of
 * the default /dashboard, so both navigations agree.
 */
let afterAuthTarget: string | null = null;
export const pendingAfterAuthTarget = () => afterAuthTarget;

export function useCompleteAuth() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to: string) => {
    afterAuthTarget = to;
    try {
      await refreshMe(queryClient);
      await navigate(to, { replace: true });
    } finally {
      afterAuthTarget = null;
    }
  };
}
