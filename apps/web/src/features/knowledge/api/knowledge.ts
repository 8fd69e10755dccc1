import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Faq, FaqInput, FaqList } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

export function useFaqs(q: string) {
  return useQuery({
    queryKey: knowledgeKeys.faqs(q),
    queryFn: () => api.get<FaqList>(`/api/knowledge/faqs${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes every list (search results and proposals). */
function useKnowledgeMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}

/** Creates an entry, or saves one (a proposed entry saved is accepted). */
export const useSaveFaq = () =>
  useKnowledgeMutation(({ id, input }: { id: string | null; input: FaqInput }) =>
    id ? api.put<Faq>(`/api/knowledge/faqs/${id}`, input) : api.post<Faq>('/api/knowledge/faqs', input),
  );

/** Deletes an entry or dismisses a proposed one. */
export const useDeleteFaq = () => useKnowledgeMutation((id: string) => api.delete<void>(`/api/knowledge/faqs/${id}`));
