import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING, type NumberState } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from '@/lib/api/query-keys';

export const getNumberState = (id: string) => api.get<NumberState>(`/api/numbers/${encodeURIComponent(id)}/state`);

export const numberStateQueryOptions = (id: string) =>
  queryOptions({ queryKey: numberKeys.state(id), queryFn: () => getNumberState(id), gcTime: 0 });

/** Polled every 2 s while the QR is shown (docs/product/limits.md), also when the tab is in the background. */
export function useNumberState(id: string | null, enabled: boolean) {
  return useQuery({
    ...numberStateQueryOptions(id ?? ''),
    enabled: enabled && Boolean(id),
    refetchInterval: TIMING.connectPollMs,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
