import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationFollowUps, FollowUpDto, ScheduleMessageInput } from '@vendai/contracts/follow-ups';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/**
 * GET /api/conversations/:id/follow-ups: the next touch and the scheduled messages; read again on every
 * realtime change of the conversation (use-conversations-realtime.ts) and every minute.
 */
export function useConversationFollowUps(convId: string) {
  return useQuery({
    queryKey: conversationKeys.followUps(convId),
    queryFn: () => api.get<ConversationFollowUps>(`/api/conversations/${encodeURIComponent(convId)}/follow-ups`),
    refetchInterval: 60_000,
  });
}

/** 'Cancelar' a touch or a scheduled message that has not gone. */
export function useCancelFollowUp(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<FollowUpDto>(`/api/follow-ups/${encodeURIComponent(id)}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.followUps(convId) }),
  });
}

/** 'Agendar': a message sent at the chosen time. */
export function useScheduleMessage(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleMessageInput) =>
      api.post<FollowUpDto>(`/api/conversations/${encodeURIComponent(convId)}/scheduled-messages`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.followUps(convId) }),
  });
}
