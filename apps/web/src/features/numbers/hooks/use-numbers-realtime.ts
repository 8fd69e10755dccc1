import { useQueryClient } from '@tanstack/react-query';
import { numberKeys } from '@/lib/api/query-keys';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';

/**
 * The live subscription on the user's numbers (docs/product/rules.md#states-and-transitions): a number.updated event (the phone
 * connected or disconnected, an agent was linked) refreshes the list, as does a reconnection.
 */
export function useNumbersRealtime() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: numberKeys.all });
  useRealtimeEvent((event) => {
    if (event.event === 'number.updated') refresh();
  });
  useRealtimeReconnect(refresh);
}
