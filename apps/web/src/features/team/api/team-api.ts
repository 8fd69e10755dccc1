import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import type { CreatedInvitation, InvitationPreview } from '@vendai/contracts/team';
import { api } from '@/lib/api-client';
import { meQueryOptions, refreshMe } from '@/lib/auth';
import { teamKeys } from '@/lib/api/query-keys';
import { teamFeatureKeys } from './query-keys';

/** The owner's invitations and removals; each refreshes the team (and the header's team size). */
function useTeamMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}

/** 'email': the link goes by e-mail too; 'link': only made, for 'Copiar link'. The answer carries the link either way. */
export const useInvite = () =>
  useTeamMutation((input: { email: string; delivery: 'email' | 'link' }) =>
    api.post<CreatedInvitation>('/api/team/invitations', input),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => api.delete<void>(`/api/team/invitations/${encodeURIComponent(id)}`));

export const useRemoveMember = () =>
  useTeamMutation((userId: string) => api.delete<void>(`/api/team/members/${encodeURIComponent(userId)}`));

/** GET /api/team/invitations/by-code/:code: what /convite shows (signed out too). */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: teamFeatureKeys.invitation(code),
    queryFn: () => api.get<InvitationPreview>(`/api/team/invitations/by-code/${encodeURIComponent(code)}`),
    enabled: code.length > 0,
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ accountName: string }>('/api/team/invitations/accept', { code }),
    // Now in another account: everything cached is the old account's.
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryOptions.queryKey[0] });
      await refreshMe(queryClient);
    },
  });
}

/** PUT /api/conversations/:id/assignee: the chat header's 'Responsável'. */
export const assignConversation = (convId: string, userId: string | null) =>
  api.put<ConversationDto>(`/api/conversations/${encodeURIComponent(convId)}/assignee`, { userId });
