import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatPhone, instanceDisplayName, type NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { simulatorKeys } from './query-keys';

/**
 * The simulator page shows the signed-in account's own numbers: the VendAI numbers (GET /api/numbers)
 * give each connection the nickname and number the owner knows, instead of the gateway's instance name.
 */
const instanceOwnersQuery = queryOptions({
  queryKey: simulatorKeys.instanceOwners,
  queryFn: async () => {
    try {
      return await api.get<NumberView[]>('/api/numbers', { silent401: true });
    } catch {
      return [];
    }
  },
  staleTime: 10_000,
});

export function useInstanceOwner(instanceName: string): { label: string; phone: string } | null {
  const owners = useQuery(instanceOwnersQuery);
  const number = owners.data?.find((n) => n.instance_name === instanceName);
  if (!number) return null;
  return { label: instanceDisplayName(number), phone: number.apelido?.trim() ? formatPhone(number.phone) : '' };
}
