import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent, PromptVersion, PromptVersionSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/api/query-keys';

const base = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/prompt-versions`;

/** Lives under agentKeys.all, so every prompt change (which invalidates agentKeys.all) refreshes it. */
export const promptVersionsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.promptVersions(agentId),
    queryFn: () => api.get<PromptVersionSummary[]>(base(agentId)),
  });

export function usePromptVersions(agentId: string) {
  return useQuery(promptVersionsQueryOptions(agentId));
}

export function usePromptVersion(agentId: string, versionId: string | null) {
  return useQuery({
    queryKey: agentKeys.promptVersion(agentId, versionId),
    queryFn: () => api.get<PromptVersion>(`${base(agentId)}/${encodeURIComponent(versionId!)}`),
    enabled: !!versionId,
  });
}

/** Restores a version (a manual edit: no training counted). */
export function useRestorePromptVersion(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => api.post<Agent>(`${base(agentId)}/${encodeURIComponent(versionId)}/restore`),
    onSuccess: (agent) => {
      queryClient.setQueryData(agentKeys.detail(agent.id), agent);
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
