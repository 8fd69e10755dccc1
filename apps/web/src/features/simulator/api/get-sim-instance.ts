import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimInstanceView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, simApi, simulatorKeys } from './query-keys';

export const getSimInstance = (name: string) =>
  api.get<SimInstanceView>(simApi(`/instances/${encodeURIComponent(name)}`));

export const simInstanceQueryOptions = (name: string) =>
  queryOptions({
    queryKey: simulatorKeys.instance(name),
    queryFn: () => getSimInstance(name),
    refetchInterval: POLL_MS,
  });

/** One instance (the approval view follows its state while open). */
export function useSimInstance(name: string) {
  return useQuery(simInstanceQueryOptions(name));
}
