import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent, PromptVersion, PromptVersionSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';

const base = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/prompt-versions`;

/** Lives under ['agents', id] so every prompt change (which invalidates ['agents']) refreshes it. */
export const promptVersionsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: ['agents', agentId, 'prompt-versions'],
    queryFn: () => api.get<PromptVersionSummary[]>(base(agentId)),
  });

export function usePromptVersions(agentId: string) {
  return useQuery(promptVersionsQueryOptions(agentId));
}

export function usePromptVersion(agentId: string, versionId: string | null) {
  return useQuery({
    queryKey: ['agents', agentId, 'prompt-versions', versionId],
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
      queryClient.setQueryData(['agents', agent.id], agent);
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
  });
}
