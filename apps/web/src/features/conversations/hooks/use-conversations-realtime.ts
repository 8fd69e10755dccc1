import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ConversationCount, ConversationDto, NumberView, RealtimeEvent } from '@vendai/contracts';
import { agentKeys, numberKeys, usageKeys } from '@/lib/api/query-keys';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';
import { conversationKeys } from '../api/query-keys';
import { windowKeys } from '../window/window-api';
import { isFilteredList, storeConversation } from '../api/update-conversation-ai';
import {
  appendMessage,
  findConversation,
  removeConversation,
  replaceMessage,
  setInsight,
  type ConversationPages,
  type MessagePages,
} from '../lib/cache-updates';

/**
 * Maps each realtime event to a query-cache update (chatwoot style), so new conversations, new
 * messages, delivery states, the AI switch and number status show without a reload. After a
 * reconnection events may have been missed: everything the inbox shows is refetched.
 */
export function useConversationsRealtime() {
  const queryClient = useQueryClient();
  const usageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useRealtimeEvent((event: RealtimeEvent) => {
    switch (event.event) {
      case 'conversation.created':
      case 'conversation.updated': {
        const dto = event.data;
        const known = findConversation(queryClient.getQueryData<ConversationPages>(conversationKeys.list), dto.id);
        const isNew =
          event.event === 'conversation.created' &&
          !known &&
          !queryClient.getQueryData<ConversationDto>(conversationKeys.detail(dto.id));
        storeConversation(queryClient, dto);
        // Its next follow-up may have been planned, sent or cancelled with it (docs/decisions/037-follow-ups.md).
        void queryClient.invalidateQueries({ queryKey: conversationKeys.followUps(dto.id) });
        if (isNew)
          queryClient.setQueryData<ConversationCount>(conversationKeys.count, (c) => (c ? { total: c.total + 1 } : c));
        break;
      }
      case 'conversation.deleted': {
        const { id } = event.data;
        queryClient.setQueriesData<ConversationPages>({ queryKey: conversationKeys.list }, (data) =>
          removeConversation(data, id),
        );
        queryClient.removeQueries({ queryKey: conversationKeys.detail(id) });
        queryClient.removeQueries({ queryKey: conversationKeys.messages(id) });
        void queryClient.invalidateQueries({ queryKey: conversationKeys.count });
        break;
      }
      // What a filtered list holds changed: the open one is read again (docs/decisions/043-labels-notes-funnel.md).
      case 'conversation-labels.updated':
      case 'label.deleted':
        void queryClient.invalidateQueries({ queryKey: conversationKeys.list, predicate: isFilteredList });
        break;
      case 'message.created': {
        const message = event.data;
        queryClient.setQueryData<MessagePages>(conversationKeys.messages(message.convId), (data) =>
          appendMessage(data, message),
        );
        // A customer's message reopens a Cloud conversation's 24-hour window, even one Meta had closed (decision 054).
        if (message.direction === 'in')
          void queryClient.invalidateQueries({ queryKey: windowKeys.window(message.convId) });
        // Each AI answer counts toward 'Mensagens de IA: n/max'; a burst refreshes the counter once.
        if (message.author === 'ai') {
          clearTimeout(usageTimer.current);
          usageTimer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: usageKeys.all }), 1_000);
        }
        break;
      }
      case 'message.updated': {
        const message = event.data;
        queryClient.setQueryData<MessagePages>(conversationKeys.messages(message.convId), (data) =>
          replaceMessage(data, message),
        );
        // A failed send may be Meta's #131047, which closes the 24-hour window (decision 054).
        if (message.status === 'failed')
          void queryClient.invalidateQueries({ queryKey: windowKeys.window(message.convId) });
        break;
      }
      case 'message.insight': {
        const insight = event.data;
        queryClient.setQueryData<MessagePages>(conversationKeys.messages(insight.convId), (data) =>
          setInsight(data, insight),
        );
        break;
      }
      case 'number.updated': {
        const n = event.data;
        const known = queryClient.getQueryData<NumberView[]>(numberKeys.list());
        if (known?.some((x) => x.id === n.id)) {
          queryClient.setQueryData<NumberView[]>(numberKeys.list(), (list) =>
            list?.map((x) =>
              x.id === n.id
                ? {
                    ...x,
                    status: n.status,
                    agente: n.agente,
                    apelido: n.apelido,
                    phone: n.phone,
                    instance_name: n.instanceName,
                  }
                : x,
            ),
          );
        }
        // The agent's name and connected_at are not in the event: read the list again.
        void queryClient.invalidateQueries({ queryKey: numberKeys.all });
        break;
      }
    }
  });

  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    void queryClient.invalidateQueries({ queryKey: numberKeys.all });
    void queryClient.invalidateQueries({ queryKey: usageKeys.all });
  });
}
