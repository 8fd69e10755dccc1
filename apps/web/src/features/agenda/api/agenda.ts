import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgendaBlock,
  AgendaBlockInput,
  AgendaCalendar,
  AgendaProfessional,
  AgendaProfessionalInput,
  AgendaQuickSetup,
  AgendaService,
  AgendaServiceInput,
  AgendaSetup,
  Booking,
  BookingInput,
  BookingMove,
} from '@vendai/contracts/agenda';
import type { CatalogueList } from '@vendai/contracts/catalogue';
import { api } from '@/lib/api-client';
import { agendaKeys, catalogueKeys } from '@/lib/api/query-keys';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime';

/** GET /api/agenda/setup: settings, time zone, professionals and services. */
export function useAgendaSetup() {
  return useQuery({ queryKey: agendaKeys.setup(), queryFn: () => api.get<AgendaSetup>('/api/agenda/setup') });
}

/** GET /api/agenda/calendar: bookings and blocks between two instants. */
export function useCalendar(from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  return useQuery({
    queryKey: agendaKeys.calendar(f, t),
    queryFn: () =>
      api.get<AgendaCalendar>(`/api/agenda/calendar?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`),
  });
}

/** Any change reads the agenda again (the setup and every calendar range shown). */
function useAgendaMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export const useQuickSetup = () =>
  useAgendaMutation((input: AgendaQuickSetup) => api.post<AgendaSetup>('/api/agenda/quick-setup', input));

export const useSaveService = () =>
  useAgendaMutation(({ id, input }: { id: string | null; input: AgendaServiceInput }) =>
    id
      ? api.put<AgendaService>(`/api/agenda/services/${id}`, input)
      : api.post<AgendaService>('/api/agenda/services', input),
  );

export const useSaveProfessional = () =>
  useAgendaMutation(({ id, input }: { id: string | null; input: AgendaProfessionalInput }) =>
    id
      ? api.put<AgendaProfessional>(`/api/agenda/professionals/${id}`, input)
      : api.post<AgendaProfessional>('/api/agenda/professionals', input),
  );

export const useBook = () =>
  useAgendaMutation((input: BookingInput) => api.post<Booking>('/api/agenda/bookings', input));

export const useMoveBooking = () =>
  useAgendaMutation(({ id, ...move }: BookingMove & { id: string }) =>
    api.put<Booking>(`/api/agenda/bookings/${id}/time`, move),
  );

export const useCancelBooking = () =>
  useAgendaMutation((id: string) => api.post<Booking>(`/api/agenda/bookings/${id}/cancel`));

export const useBookingStatus = () =>
  useAgendaMutation(({ id, status }: { id: string; status: 'booked' | 'confirmed' | 'attended' | 'no_show' }) =>
    api.put<Booking>(`/api/agenda/bookings/${id}/status`, { status }),
  );

export const useAddBlock = () =>
  useAgendaMutation((input: AgendaBlockInput) => api.post<AgendaBlock>('/api/agenda/blocks', input));

export const useRemoveBlock = () => useAgendaMutation((id: string) => api.delete<void>(`/api/agenda/blocks/${id}`));

/** Keeps an open agenda current: a booking made, moved or marked elsewhere (the AI included) reads it again. */
export function useAgendaRealtime() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
  useRealtimeEvent((event) => {
    if (event.event === 'agenda.updated' && queryClient.isMutating() === 0) reload();
  });
  useRealtimeReconnect(reload);
}

/** The catalogue's items (a service can be created from one), the same cache entry as Catálogo's list. */
export function useCatalogueItems() {
  return useQuery({
    queryKey: catalogueKeys.list('', false),
    queryFn: () => api.get<CatalogueList>('/api/catalogue'),
    select: (list) => list.items,
  });
}
