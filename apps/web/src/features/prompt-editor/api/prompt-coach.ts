import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent, CoachAcceptInput, CoachRequest, CoachSuggestion } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';

const base = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/prompt-coach`;

/** The coach's suggestion for an instruction (part 2 §7 suggest-prompt-edit); nothing is saved. */
export function useSuggestPromptEdit(agentId: string) {
  return useMutation({ mutationFn: (input: CoachRequest) => api.post<CoachSuggestion>(base(agentId), input) });
}

/** 'Aceitar': saves the suggestion (prompt + version + usage row) and refreshes what shows them. */
export function useAcceptSuggestion(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CoachAcceptInput) => api.post<Agent>(`${base(agentId)}/accept`, input),
    onSuccess: (agent) => {
      queryClient.setQueryData(['agents', agent.id], agent);
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
