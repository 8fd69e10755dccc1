import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SourceLinkDto, SourceLinkInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** 'Links de origem' are read by this feature alone: its query keys live here. */
const sourceLinkKeys = { all: ['source-links'] as const };

export function useSourceLinks() {
  return useQuery({
    queryKey: sourceLinkKeys.all,
    queryFn: async () => (await api.get<{ items: SourceLinkDto[] }>('/api/source-links')).items,
  });
}

export function useCreateSourceLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SourceLinkInput) => api.post<SourceLinkDto>('/api/source-links', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceLinkKeys.all }),
  });
}

export function useDeleteSourceLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/source-links/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceLinkKeys.all }),
  });
}
