import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickReplyDto, QuickReplyInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

const key = ['quick-replies'] as const;

/** The owner's saved replies, by shortcut (docs/decisions/040-inbox-search.md). */
export function useQuickReplies() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ items: QuickReplyDto[] }>('/api/quick-replies')).items,
    staleTime: 60_000,
  });
}

export function useSaveQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuickReplyInput) => api.post<QuickReplyDto>('/api/quick-replies', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/quick-replies/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
