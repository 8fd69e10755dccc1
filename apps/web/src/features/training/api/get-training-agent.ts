import { useQuery } from '@tanstack/react-query';
import type { Agent } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/query-keys';

/** Update mode: the agent being retrained (only its name is prefilled). */
export const getTrainingAgent = (id: string) => api.get<Agent>(`/api/agents/${encodeURIComponent(id)}`);

export function useTrainingAgent(id: string | null) {
  return useQuery({
    queryKey: agentKeys.detail(id ?? ''),
    queryFn: () => getTrainingAgent(id!),
    enabled: Boolean(id),
    retry: false,
  });
}
