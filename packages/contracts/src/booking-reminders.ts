import { z } from 'zod';

/** The agenda's reminders (docs/decisions/073-booking-reminders.md). */

export const REMINDER_MESSAGES = {
  hours: 'Escolha de 1 a 168 horas antes (até 7 dias).',
  tooMany: 'Escolha no máximo 4 lembretes.',
  repeated: 'Cada lembrete precisa de um horário diferente.',
  template: 'Informe o nome do modelo aprovado (até 512 letras minúsculas, números ou _).',
  language: 'Informe o idioma do modelo (ex.: pt_BR).',
} as const;

export const reminderSettingsSchema = z.object({
  /** Hours before the appointment; empty = reminders off. */
  hours: z
    .array(
      z
        .number({ error: REMINDER_MESSAGES.hours })
        .int({ error: REMINDER_MESSAGES.hours })
        .min(1, { error: REMINDER_MESSAGES.hours })
        .max(168, { error: REMINDER_MESSAGES.hours }),
      { error: REMINDER_MESSAGES.hours },
    )
    .max(4, { error: REMINDER_MESSAGES.tooMany })
    .refine((h) => new Set(h).size === h.length, { error: REMINDER_MESSAGES.repeated }),
  /** A Cloud number's approved UTILITY template for outside the 24-hour window; null = none. */
  templateName: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, { error: REMINDER_MESSAGES.template })
    .nullable(),
  templateLanguage: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: REMINDER_MESSAGES.language })
    .nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const REMINDER_STATES = ['sending', 'sent', 'failed', 'skipped'] as const;
export const REMINDER_ANSWERS = ['confirmed', 'reschedule', 'cancelled'] as const;

/** What the owner reads on a booking about each reminder and the customer's answer. */
export const REMINDER_ANSWER_LABELS: Record<(typeof REMINDER_ANSWERS)[number], string> = {
  confirmed: 'Confirmado pelo cliente',
  reschedule: 'Cliente pediu para remarcar',
  cancelled: 'Cancelado pelo cliente',
};

export const bookingReminderSchema = z.object({
  bookingId: z.string(),
  offsetHours: z.number(),
  /** The booking's start this reminder was for (a moved booking has reminders of its old start too). */
  startsAt: z.string(),
  state: z.enum(REMINDER_STATES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  answer: z.enum(REMINDER_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
});
export type BookingReminder = z.infer<typeof bookingReminderSchema>;

export const bookingRemindersQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'Informe o início do período.' }),
    to: z.iso.datetime({ offset: true, error: 'Informe o fim do período.' }),
  })
  .refine(
    (q) => {
      const span = Date.parse(q.to) - Date.parse(q.from);
      return span > 0 && span <= 45 * 24 * 3_600_000;
    },
    { error: 'Escolha um período de até 45 dias.' },
  );

export const bookingRemindersResponseSchema = z.object({ reminders: z.array(bookingReminderSchema) });
