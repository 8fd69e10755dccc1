import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudMeter } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { useMe } from '@/lib/auth';
import { numberKeys } from './query-keys';

/** GET /api/numbers/cloud-meter: this month's messages Meta accepted from each Cloud number (decision 064). */
export const getCloudMeter = () => api.get<CloudMeter>('/api/numbers/cloud-meter');

export const cloudMeterQueryOptions = queryOptions({
  queryKey: numberKeys.cloudMeter(),
  queryFn: getCloudMeter,
  staleTime: 60_000,
});

/** Read by the numbers list and Resultados; asked only for the owner (costs are the owner's) with a Cloud number. */
export function useCloudMeter(enabled: boolean) {
  const team = useMe().data?.team;
  const owner = !team || team.role === 'owner';
  return useQuery({ ...cloudMeterQueryOptions, enabled: enabled && owner });
}
