import { useQuery } from '@tanstack/react-query';
import type { OwnerChannel } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** 'Avisos' is read by this feature alone: its query keys live here. */
const ownerChannelKeys = { all: ['owner-channel'] as const };

/** GET /api/owner-channel: the latest alerts to the owner's phone and the owner's answers. */
export function useOwnerChannel() {
  return useQuery({
    queryKey: ownerChannelKeys.all,
    queryFn: () => api.get<OwnerChannel>('/api/owner-channel'),
    refetchInterval: 30_000,
  });
}
