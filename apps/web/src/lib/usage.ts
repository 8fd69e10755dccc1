import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUsage } from '@vendai/contracts';
import { api } from './api-client';
import { usageKeys } from './query-keys';

/** user_current_usage for the signed-in user; features invalidate usageKeys.all after creating or deleting. */
export const usageQueryOptions = queryOptions({
  queryKey: usageKeys.all,
  queryFn: () => api.get<CurrentUsage>('/api/usage'),
});

export function useCurrentUsage() {
  return useQuery(usageQueryOptions);
}

/** Part 2 §9 limit checks, shared by the UI; the server enforces the same rules. */
export const limits = {
  canRetrain: (u: CurrentUsage) => u.total_trainnings < u.max_trainnings,
  canCreateAgent: (u: CurrentUsage) => u.qtd_agentes < u.max_ai_responses,
  canAddNumber: (u: CurrentUsage) => u.qtd_instancias < u.max_instances,
  aiLimitReached: (u: CurrentUsage) => u.max_ai_messages > 0 && u.ai_messages >= u.max_ai_messages,
};
