import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationWindow, MessageDto, MessageTemplateList, SendTemplateInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from '../api/query-keys';
import { useMessages } from '../api/get-messages';
import { appendMessage, type MessagePages } from '../lib/cache-updates';

/** The 24-hour window and templates of official-API numbers (docs/decisions/041-cloud-window-and-templates.md). */
export const windowKeys = {
  window: (convId: string) => ['conversations', 'window', convId] as const,
  templates: (convId: string) => ['conversations', 'templates', convId] as const,
};

const path = (convId: string, rest: string) => `/api/conversations/${encodeURIComponent(convId)}/${rest}`;

/**
 * Whether free text may go to the conversation now: the server's answer, moved forward by the customer's
 * newest message already in the chat (`lastInbound`, ms; a message arriving live reopens the window
 * without a refetch). When Meta closed the window (#131047, docs/decisions/054-cloud-window-and-templates.md)
 * only a customer message newer than the one the server knew (`customerLastAt`) reopens it.
 */
export function windowState(data: ConversationWindow, lastInbound: number, now: Date) {
  const metaAgentHolds = data.metaAgentHolds === true;
  if (!data.applies)
    return { applies: false, open: true, closesAt: null, closedByMeta: false, customerLastAt: null, metaAgentHolds };
  const serverLast = data.customerLastAt ? Date.parse(data.customerLastAt) : 0;
  const last = Math.max(serverLast, lastInbound);
  const serverCloses = data.closesAt ? Date.parse(data.closesAt) : 0;
  // Closed by Meta and the customer has not written since: closed, whatever the 24 hours say.
  const closedByMeta = data.closedByMeta && last <= serverLast;
  const closes = Math.max(serverCloses, last ? last + 24 * 60 * 60_000 : 0);
  return {
    applies: true,
    open: !closedByMeta && closes > now.getTime(),
    closesAt: closes ? new Date(closes) : null,
    closedByMeta,
    customerLastAt: last ? new Date(last) : null,
    metaAgentHolds,
  };
}

/** The conversation's window now (windowState), read from the server and the chat; `now` is the caller's ticking clock. */
export function useConversationWindow(convId: string, now: Date) {
  const query = useQuery({
    queryKey: windowKeys.window(convId),
    queryFn: () => api.get<ConversationWindow>(path(convId, 'window')),
    staleTime: 30_000,
  });
  const messages = useMessages(convId);
  const data = query.data;
  if (!data)
    return {
      loaded: false as const,
      applies: false,
      open: true,
      closesAt: null,
      closedByMeta: false,
      customerLastAt: null,
      metaAgentHolds: false,
    };
  let last = 0;
  for (const page of messages.data?.pages ?? [])
    for (const m of page.items) if (m.direction === 'in') last = Math.max(last, Date.parse(m.createdAt));
  return { loaded: true as const, ...windowState(data, last, now) };
}

/** The number's approved templates (read from Meta by the server). */
export function useTemplates(convId: string, enabled: boolean) {
  return useQuery({
    queryKey: windowKeys.templates(convId),
    queryFn: () => api.get<MessageTemplateList>(path(convId, 'templates')),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Sends a template; the stored message joins the chat. */
export function useSendTemplate(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTemplateInput) => api.post<MessageDto>(path(convId, 'templates'), input),
    onSuccess: (stored) => {
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(convId), (data) => appendMessage(data, stored));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(convId) }),
  });
}

/** The server said the window is closed: read it (and the chat) again so the composer switches to the templates. */
export function useRefreshWindow(convId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: windowKeys.window(convId) }),
      queryClient.invalidateQueries({ queryKey: conversationKeys.messages(convId) }),
    ]);
}
