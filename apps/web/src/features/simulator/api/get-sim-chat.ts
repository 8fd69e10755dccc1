import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimChatDetail } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, simApi, simulatorKeys } from './query-keys';

/** Opening a chat also marks the business's messages as read (blue ticks on the app's side). */
export const getSimChat = (name: string, chatId: string) =>
  api.get<SimChatDetail>(simApi(`/instances/${encodeURIComponent(name)}/chats/${encodeURIComponent(chatId)}`));

export const simChatQueryOptions = (name: string, chatId: string) =>
  queryOptions({
    queryKey: simulatorKeys.chat(name, chatId),
    queryFn: () => getSimChat(name, chatId),
    refetchInterval: POLL_MS,
  });

export function useSimChat(name: string, chatId: string | null) {
  return useQuery({ ...simChatQueryOptions(name, chatId ?? ''), enabled: Boolean(chatId) });
}
