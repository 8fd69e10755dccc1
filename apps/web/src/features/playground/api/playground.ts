import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AgentSummary, PlaygroundReply, PlaygroundRequest } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** The user's active agents, oldest first (part 2 §7: "select active agents ordered by created_at ascending"). */
export const activeAgentsQueryOptions = queryOptions({
  queryKey: ['agents', 'playground-active'],
  queryFn: async () => (await api.get<AgentSummary[]>('/api/agents')).filter((a) => a.active),
});

export function useActiveAgents() {
  return useQuery(activeAgentsQueryOptions);
}

/** One answer through our server (no AI key in the browser), split as WhatsApp would deliver it. */
export function usePlaygroundReply() {
  return useMutation({
    mutationFn: (input: PlaygroundRequest) => api.post<PlaygroundReply>('/api/playground/reply', input),
  });
}
