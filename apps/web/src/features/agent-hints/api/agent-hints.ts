import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentHint, DismissAgentHint } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/api/query-keys';

/** GET /api/agent-hints: what the server's rule says is worth pointing to (empty for attendants). */
export function useAgentHints() {
  return useQuery({ queryKey: agentKeys.hints(), queryFn: () => api.get<AgentHint[]>('/api/agent-hints') });
}

/** POST /api/agent-hints/dismiss: closed for this member; hidden at once, kept hidden by the server. */
export function useDismissAgentHint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DismissAgentHint) => api.post<void>('/api/agent-hints/dismiss', input),
    onMutate: (input) =>
      queryClient.setQueryData<AgentHint[]>(agentKeys.hints(), (list) =>
        list?.filter((h) => !(h.agentId === input.agentId && h.kind === input.kind)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.hints() }),
  });
}
