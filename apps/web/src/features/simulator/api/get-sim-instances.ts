import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimInstanceView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, simApi, simulatorKeys } from './query-keys';

/** Every instance the simulator holds (the app's numbers), newest first. */
export const getSimInstances = () => api.get<SimInstanceView[]>(simApi('/instances'));

export const simInstancesQueryOptions = queryOptions({
  queryKey: simulatorKeys.instances,
  queryFn: getSimInstances,
  refetchInterval: POLL_MS,
});

export function useSimInstances() {
  return useQuery(simInstancesQueryOptions);
}
