import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@vendai/contracts';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';
import { funnelKeys } from '../api/funnel-keys';
import type { CardPages } from '../api/cards';

/**
 * Keeps an open board current: a move by someone else (a person on another board, or the AI) and a
 * stage change re-read the board; a new conversation re-reads the counts and Novo; a new message updates
 * its card where it is. After a reconnection everything is read again (events may have been missed).
 */
export function useFunnelRealtime() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: funnelKeys.all });

  useRealtimeEvent((event: RealtimeEvent) => {
    switch (event.event) {
      case 'funnel.moved':
        // Our own move is already on screen; its settling reads the columns again.
        if (queryClient.isMutating() === 0) reload();
        break;
      case 'funnel.stages.updated':
      case 'conversation.created':
      case 'conversation.deleted':
        reload();
        break;
      case 'conversation.updated': {
        const c = event.data;
        queryClient.setQueriesData<CardPages>({ queryKey: funnelKeys.columns }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((p) => ({
                  ...p,
                  items: p.items.map((card) =>
                    card.convId === c.id
                      ? {
                          ...card,
                          contactName: c.contactName,
                          lastMessageAt: c.lastMessage,
                          lastMessagePreview: c.lastMessagePreview,
                        }
                      : card,
                  ),
                })),
              }
            : data,
        );
        break;
      }
    }
  });
  useRealtimeReconnect(reload);
}
