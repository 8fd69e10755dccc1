import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';
import { approvalKeys, storeDraft } from '../api/approval-api';

/**
 * 'draft.updated' (docs/decisions/045-approval-mode.md) into the cache: a draft the engine created
 * appears above the message box and as the list's mark without a reload, and every open inbox agrees
 * when one of them (or the owner's WhatsApp, or the timeout) acts. After a reconnection it reads again.
 */
export function useApprovalRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.event === 'draft.updated') storeDraft(queryClient, event.data);
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }));
}
