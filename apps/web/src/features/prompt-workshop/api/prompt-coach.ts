import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Agent,
  CatalogueItem,
  CoachAcceptInput,
  CoachRequest,
  CoachSuggestion,
  Faq,
  FaqInput,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/api/get-usage';
import { agentKeys, catalogueKeys, knowledgeKeys } from '@/lib/api/query-keys';

const base = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/prompt-coach`;

/** The coach's suggestion for an instruction (docs/product/integrations.md suggest-prompt-edit); nothing is saved. */
export function useSuggestPromptEdit(agentId: string) {
  return useMutation({ mutationFn: (input: CoachRequest) => api.post<CoachSuggestion>(base(agentId), input) });
}

/** 'Aceitar': saves the suggestion (prompt + version + usage row) and refreshes what shows them. */
export function useAcceptSuggestion(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CoachAcceptInput) => api.post<Agent>(`${base(agentId)}/accept`, input),
    onSuccess: (agent) => {
      queryClient.setQueryData(agentKeys.detail(agent.id), agent);
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}

/** 'Aplicar' on the coach's FAQ suggestion: the entry is saved through the knowledge API (POST /api/knowledge/faqs). */
export function useApplyFaqSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FaqInput) => api.post<Faq>('/api/knowledge/faqs', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}

/**
 * 'Aplicar' on the coach's catalogue change: an existing item gets only the changed fields
 * (PATCH /api/catalogue/:id); a new item is created (POST /api/catalogue).
 */
export function useApplyCatalogueSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NonNullable<CoachSuggestion['catalogue']>) =>
      change.itemId
        ? api.patch<CatalogueItem>(`/api/catalogue/${encodeURIComponent(change.itemId)}`, change.after)
        : api.post<CatalogueItem>('/api/catalogue', { name: change.name, ...change.after }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
