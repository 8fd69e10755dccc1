import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';
import { forgetLabel, storeLabel } from '../api/labels';
import { conversationToolsKeys } from '../api/query-keys';

/**
 * Label and note changes made in another open inbox of the account (docs/decisions/043-labels-notes-funnel.md)
 * into the cache: chips, the filter's list and the notes change without a reload. After a reconnection
 * everything is read again.
 */
export function useConversationToolsRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    switch (event.event) {
      case 'label.created':
      case 'label.updated':
        storeLabel(queryClient, event.data);
        break;
      case 'label.deleted':
        forgetLabel(queryClient, event.data.id);
        break;
      case 'conversation-labels.updated':
        queryClient.setQueryData(conversationToolsKeys.conversationLabels(event.data.convId), event.data.labelIds);
        break;
      case 'note.created':
      case 'note.deleted':
        void queryClient.invalidateQueries({ queryKey: conversationToolsKeys.notes(event.data.convId) });
        break;
    }
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: conversationToolsKeys.all }));
}
