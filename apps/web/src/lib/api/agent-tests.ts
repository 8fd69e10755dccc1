import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentTestCase,
  AgentTestCaseInput,
  AgentTestOverview,
  AgentTestRun,
  AgentTestSettings,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';

/**
 * 'Testes do assistente' (docs/decisions/039-agent-tests.md): the agent's cases and runs. Shared: the tests
 * page, the gate before publishing a prompt (prompt workshop) and 'Adicionar aos testes' (inbox) use them.
 */
export const agentTestKeys = {
  all: ['agent-tests'] as const,
  cases: (agentId: string) => ['agent-tests', agentId, 'cases'] as const,
  run: (agentId: string, runId: string) => ['agent-tests', agentId, 'runs', runId] as const,
  latest: (agentId: string) => ['agent-tests', agentId, 'runs', 'latest'] as const,
  settings: (agentId: string) => ['agent-tests', agentId, 'settings'] as const,
  overview: () => ['agent-tests', 'overview'] as const,
};

const base = (agentId: string) => `/api/agent-tests/${agentId}`;
const finished = (run: AgentTestRun | null | undefined) => !run || run.status === 'done' || run.status === 'failed';
/** While a run works, its screen refreshes (the realtime event refreshes it at once; this is the fallback). */
const POLL_MS = 1_000;

export const useAgentTestCases = (agentId: string | null) =>
  useQuery({
    queryKey: agentTestKeys.cases(agentId ?? ''),
    queryFn: () => api.get<AgentTestCase[]>(`${base(agentId!)}/cases`),
    enabled: !!agentId,
  });

export const useAgentTestRun = (agentId: string, runId: string | null) =>
  useQuery({
    queryKey: agentTestKeys.run(agentId, runId ?? ''),
    queryFn: () => api.get<AgentTestRun>(`${base(agentId)}/runs/${runId}`),
    enabled: !!runId,
    refetchInterval: (q) => (finished(q.state.data) ? false : POLL_MS),
  });

export const useLatestAgentTestRun = (agentId: string) =>
  useQuery({
    queryKey: agentTestKeys.latest(agentId),
    queryFn: () => api.get<AgentTestRun | null>(`${base(agentId)}/runs/latest`),
    refetchInterval: (q) => (finished(q.state.data) ? false : POLL_MS),
  });

export const useAgentTestsOverview = () =>
  useQuery({
    queryKey: agentTestKeys.overview(),
    queryFn: () => api.get<AgentTestOverview>('/api/agent-tests/overview'),
  });

export const useAgentTestSettings = (agentId: string) =>
  useQuery({
    queryKey: agentTestKeys.settings(agentId),
    queryFn: () => api.get<AgentTestSettings>(`${base(agentId)}/settings`),
  });

function useAgentTestsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentTestKeys.all }),
  });
}

export const useStartAgentTestRun = (agentId: string) =>
  useAgentTestsMutation((draftPrompt: string | null) =>
    api.post<AgentTestRun>(`${base(agentId)}/runs`, draftPrompt === null ? {} : { draftPrompt }),
  );

export const useGenerateAgentTests = (agentId: string) =>
  useAgentTestsMutation(() => api.post<AgentTestCase[]>(`${base(agentId)}/cases/generate`));

export const useSaveAgentTest = (agentId: string) =>
  useAgentTestsMutation(({ id, input }: { id: string | null; input: AgentTestCaseInput }) =>
    id
      ? api.put<AgentTestCase>(`${base(agentId)}/cases/${id}`, input as never)
      : api.post<AgentTestCase>(`${base(agentId)}/cases`, input as never),
  );

export const useDeleteAgentTest = (agentId: string) =>
  useAgentTestsMutation((id: string) => api.delete<null>(`${base(agentId)}/cases/${id}`));

export const useAddMessageToTests = () =>
  useAgentTestsMutation(({ agentId, messageId }: { agentId: string; messageId: string }) =>
    api.post<AgentTestCase>(`${base(agentId)}/cases/from-message`, { messageId }),
  );

export const useSaveAgentTestSettings = (agentId: string) =>
  useAgentTestsMutation((settings: AgentTestSettings) =>
    api.put<AgentTestSettings>(`${base(agentId)}/settings`, settings),
  );
