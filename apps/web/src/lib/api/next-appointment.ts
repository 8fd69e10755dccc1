import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@vendai/contracts/agenda';
import { api } from '@/lib/api-client';
import { agendaKeys } from './query-keys';

/** The customer's next appointment in this conversation (docs/decisions/069-agenda.md), or null. */
export function useNextAppointment(convId: string) {
  return useQuery({
    queryKey: agendaKeys.next(convId),
    queryFn: async () =>
      (await api.get<{ booking: Booking | null }>(`/api/agenda/conversations/${encodeURIComponent(convId)}/next`))
        .booking,
    staleTime: 30_000,
  });
}
