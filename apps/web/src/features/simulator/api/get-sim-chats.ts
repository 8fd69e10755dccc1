import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimChatView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, simApi, simulatorKeys } from './query-keys';

export const getSimChats = (name: string) =>
  api.get<SimChatView[]>(simApi(`/instances/${encodeURIComponent(name)}/chats`));

export const simChatsQueryOptions = (name: string) =>
  queryOptions({ queryKey: simulatorKeys.chats(name), queryFn: () => getSimChats(name), refetchInterval: POLL_MS });

/** The chats of one connected number, most recent first. */
export function useSimChats(name: string | null) {
  return useQuery({ ...simChatsQueryOptions(name ?? ''), enabled: Boolean(name) });
}
