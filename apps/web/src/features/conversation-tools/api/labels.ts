import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LABEL_ASSIGNMENTS_MAX, type ConversationLabels, type LabelDto, type LabelInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { createBatchLoader } from '../lib/batch-loader';
import { conversationToolsKeys } from './query-keys';

/** The account's labels, by name. */
export function useLabels() {
  return useQuery({
    queryKey: conversationToolsKeys.labels,
    queryFn: async () => (await api.get<{ items: LabelDto[] }>('/api/labels')).items,
    staleTime: 5 * 60_000,
  });
}

/** A created, renamed or recoloured label into the cached list (kept in the server's order: by name). */
export function storeLabel(queryClient: QueryClient, label: LabelDto) {
  queryClient.setQueryData<LabelDto[]>(conversationToolsKeys.labels, (list) =>
    list
      ? [...list.filter((l) => l.id !== label.id), label].sort((a, b) =>
          a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }),
        )
      : list,
  );
}

/** A deleted label leaves the list and every conversation's chips. */
export function forgetLabel(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<LabelDto[]>(conversationToolsKeys.labels, (list) => list?.filter((l) => l.id !== id));
  queryClient.setQueriesData<string[]>({ queryKey: conversationToolsKeys.allConversationLabels }, (ids) =>
    ids?.filter((x) => x !== id),
  );
}

export function useSaveLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: LabelInput }) =>
      id ? api.put<LabelDto>(`/api/labels/${encodeURIComponent(id)}`, input) : api.post<LabelDto>('/api/labels', input),
    onSuccess: (label) => storeLabel(queryClient, label),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/labels/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => forgetLabel(queryClient, id),
  });
}

/** The rows' chips: every row asks for its conversation, one request per page of rows. */
const loadLabelIds = createBatchLoader(
  async (ids) => {
    const res = await api.get<{ items: ConversationLabels[] }>(`/api/labels/assignments?ids=${ids.join(',')}`);
    return new Map(res.items.map((c) => [c.convId, c.labelIds]));
  },
  { max: LABEL_ASSIGNMENTS_MAX, missing: [] as string[] },
);

/** The label ids on one conversation (kept current by realtime). */
export function useConversationLabelIds(convId: string) {
  return useQuery({
    queryKey: conversationToolsKeys.conversationLabels(convId),
    queryFn: () => loadLabelIds(convId),
    staleTime: 5 * 60_000,
  });
}

/** Puts a label on the conversation or takes it off; the chips change at once and settle on the answer. */
export function useToggleConversationLabel(convId: string) {
  const queryClient = useQueryClient();
  const key = conversationToolsKeys.conversationLabels(convId);
  return useMutation({
    mutationFn: ({ labelId, on }: { labelId: string; on: boolean }) =>
      on
        ? api.post<ConversationLabels>(`/api/conversations/${encodeURIComponent(convId)}/labels`, { labelId })
        : api.delete<ConversationLabels>(
            `/api/conversations/${encodeURIComponent(convId)}/labels/${encodeURIComponent(labelId)}`,
          ),
    onMutate: async ({ labelId, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        on ? [...ids.filter((x) => x !== labelId), labelId] : ids.filter((x) => x !== labelId),
      );
      return { before };
    },
    onError: (_err, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (res) => queryClient.setQueryData(key, res.labelIds),
  });
}
