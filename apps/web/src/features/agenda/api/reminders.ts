import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingReminder, ReminderSettings } from '@vendai/contracts/booking-reminders';
import { api } from '@/lib/api-client';
import { agendaKeys } from '@/lib/api/query-keys';

/**
 * The agenda's reminders (docs/decisions/073-booking-reminders.md). Their cache sits under the agenda's key,
 * so the agenda's live update ('agenda.updated': a reminder sent, the customer's answer) reads them again.
 */

export function useReminderSettings(enabled: boolean) {
  return useQuery({
    queryKey: agendaKeys.reminderSettings(),
    queryFn: () => api.get<ReminderSettings>('/api/booking-reminders/settings'),
    enabled,
  });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettings) => api.put<ReminderSettings>('/api/booking-reminders/settings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

/** Every reminder of the bookings starting in the period shown. */
export function useBookingReminders(from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  return useQuery({
    queryKey: agendaKeys.reminders(f, t),
    queryFn: () =>
      api.get<{ reminders: BookingReminder[] }>(
        `/api/booking-reminders?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`,
      ),
    select: (r) => r.reminders,
  });
}
