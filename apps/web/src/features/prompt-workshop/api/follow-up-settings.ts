import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUpSettings, UpdateFollowUpSettingsInput } from '@vendai/contracts/follow-ups';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/api/query-keys';

const url = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/follow-ups`;

/** GET /api/agents/:id/follow-ups: the agent's ladder (off by default). */
export function useFollowUpSettings(agentId: string) {
  return useQuery({ queryKey: agentKeys.followUps(agentId), queryFn: () => api.get<FollowUpSettings>(url(agentId)) });
}

/** PUT /api/agents/:id/follow-ups: saves at once, as the agent's other switches. */
export function useSaveFollowUpSettings(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateFollowUpSettingsInput) => api.put<FollowUpSettings>(url(agentId), input),
    onSuccess: (saved) => queryClient.setQueryData(agentKeys.followUps(agentId), saved),
  });
}
