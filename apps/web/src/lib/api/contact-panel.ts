import { useQuery } from '@tanstack/react-query';
import type { ContactPanel } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** Who the customer is, the ads and links they came from, and their other conversations with the account. */
export function useContactPanel(convId: string) {
  return useQuery({
    queryKey: contactKeys.detail(convId),
    queryFn: () => api.get<ContactPanel>(`/api/conversations/${encodeURIComponent(convId)}/contact`),
    staleTime: 30_000,
  });
}
