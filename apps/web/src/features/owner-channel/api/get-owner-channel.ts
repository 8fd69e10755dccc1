import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerChannel } from '@vendai/contracts';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';

/** 'Avisos' is read by this feature alone: its query keys live here. */
const ownerChannelKeys = { all: ['owner-channel'] as const };

/** GET /api/owner-channel: the latest alerts to the owner's phone and the owner's answers. */
export function useOwnerChannel() {
  useOwnerChannelRealtime();
  return useQuery({
    queryKey: ownerChannelKeys.all,
    queryFn: () => api.get<OwnerChannel>('/api/owner-channel'),
    refetchInterval: 30_000,
  });
}

/**
 * Alerts follow what happens in the conversations (a handoff, an AI answer that needs the owner, a draft, a
 * send that failed): after such an event 'Avisos' is read again, once the alert had time to be written
 * (2 s, then 8 s for one waiting on its job), so a new alert shows without a reload. When the owner's channel
 * itself changed (an alert's echo, the owner's answer: `owner-channel.updated`), and after a reconnection,
 * it is read at once.
 */
function useOwnerChannelRealtime() {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: ownerChannelKeys.all });
  useRealtimeEvent((event) => {
    if (event.event === 'owner-channel.updated') return readAgain();
    if (!['conversation.updated', 'message.created', 'message.updated', 'draft.updated'].includes(event.event)) return;
    if (timers.current.length) return; // one pair of reads per burst of events
    timers.current = [2_000, 8_000].map((ms, i, all) =>
      setTimeout(() => {
        readAgain();
        if (i === all.length - 1) timers.current = [];
      }, ms),
    );
  });
  useRealtimeReconnect(readAgain);
}
