import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationApprovalDto, PendingDraftsDto, ReplyDraftDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { withDraft } from '../lib/draft-cache';

/** Query keys of approval mode (docs/decisions/045-approval-mode.md); only this feature reads them. */
export const approvalKeys = {
  all: ['approval'] as const,
  /** GET /api/conversations/:id/approval: the setting and the pending draft. */
  conversation: (convId: string) => ['approval', 'conversation', convId] as const,
  /** GET /api/conversations/pending-drafts: the list's 'Sugestão' marks. */
  pending: () => ['approval', 'pending'] as const,
};

const base = (convId: string) => `/api/conversations/${encodeURIComponent(convId)}`;

export function useConversationApproval(convId: string) {
  return useQuery({
    queryKey: approvalKeys.conversation(convId),
    queryFn: () => api.get<ConversationApprovalDto>(`${base(convId)}/approval`),
  });
}

/** The conversations with a suggestion waiting (one query for the whole list). */
export function usePendingDrafts() {
  return useQuery({
    queryKey: approvalKeys.pending(),
    queryFn: () => api.get<PendingDraftsDto>('/api/conversations/pending-drafts'),
    select: (data) => new Set(data.convIds),
  });
}

/** The chat header's choice: on, off, or the agent's (null). */
export function useSetConversationApproval(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: boolean | null) => api.put<ConversationApprovalDto>(`${base(convId)}/approval`, { mode }),
    onSuccess: (data) => queryClient.setQueryData(approvalKeys.conversation(convId), data),
  });
}

/**
 * 'Enviar' (the draft as it is, or `text` after 'Editar') and 'Descartar'. The answer (the draft, now
 * sent or discarded) goes into the cache; a refusal (409: already sent, the customer wrote again…) reads
 * the conversation's state again, which may hold a newer draft.
 */
export function useDraftAction(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, action, text }: { draftId: string; action: 'send' | 'discard'; text?: string }) =>
      api.post<ReplyDraftDto>(
        `${base(convId)}/drafts/${encodeURIComponent(draftId)}/${action}`,
        action === 'send' ? (text === undefined ? {} : { text }) : undefined,
      ),
    onSuccess: (draft) => storeDraft(queryClient, draft),
    onError: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

/** A draft as the server or a realtime event tells it: the conversation's card and the list's marks. */
export function storeDraft(queryClient: ReturnType<typeof useQueryClient>, draft: ReplyDraftDto) {
  queryClient.setQueryData<ConversationApprovalDto>(approvalKeys.conversation(draft.conv_id), (current) =>
    withDraft(current, draft),
  );
  queryClient.setQueryData<PendingDraftsDto>(approvalKeys.pending(), (current) => {
    if (!current) return current;
    const others = current.convIds.filter((id) => id !== draft.conv_id);
    return { convIds: draft.state === 'pending' ? [draft.conv_id, ...others] : others };
  });
}
