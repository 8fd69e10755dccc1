import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactAvatar } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** The contact's picture URL through the server (null when the gateway has none). */
export const getContactAvatar = (convId: string) =>
  api.get<ContactAvatar>(`/api/conversations/${encodeURIComponent(convId)}/avatar`);

export const contactAvatarQueryOptions = (convId: string) =>
  queryOptions({
    queryKey: conversationKeys.avatar(convId),
    queryFn: () => getContactAvatar(convId),
    staleTime: 30 * 60_000,
    retry: false,
  });

export function useContactAvatar(convId: string) {
  return useQuery(contactAvatarQueryOptions(convId));
}
