import { z } from 'zod';
import { closedDaySchema, timeOfDaySchema, weeklyHoursSchema } from './business-settings.ts';

/**
 * The agenda (docs/decisions/069-agenda.md): services, professionals (or rooms), blocks and bookings.
 * Instants travel as ISO 8601 with an offset; local dates as 'AAAA-MM-DD'.
 */

export const BOOKING_STATUSES = ['held', 'booked', 'confirmed', 'cancelled', 'no_show', 'attended'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_SOURCES = ['ai', 'owner', 'customer_link'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Aguardando sinal',
  booked: 'Agendado',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
  no_show: 'Não compareceu',
  attended: 'Compareceu',
};

export const AGENDA_MESSAGES = {
  slotTaken: 'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.',
  slotUnavailable: 'Esse horário não está disponível. Escolha um dos horários livres.',
  serviceName: 'Dê um nome ao serviço (até 80 caracteres).',
  duration: 'A duração vai de 5 minutos a 24 horas.',
  buffer: 'O intervalo vai de 0 a 240 minutos.',
  notice: 'A antecedência mínima vai de 0 a 30 dias.',
  price: 'Informe um preço válido.',
  professionalName: 'Dê um nome ao profissional (até 60 caracteres).',
  serviceNotFound: 'Serviço não encontrado.',
  professionalNotFound: 'Profissional não encontrado.',
  professionalHasBookings:
    'Esse profissional tem agendamentos futuros. Remarque ou cancele esses agendamentos antes de desativá-lo.',
  professionalCannot: 'Esse profissional não faz esse serviço.',
  noProfessional: 'Cadastre ao menos um profissional para esse serviço.',
  bookingNotFound: 'Agendamento não encontrado.',
  blockNotFound: 'Bloqueio não encontrado.',
  startsAt: 'Escolha a data e a hora.',
  blockOrder: 'O fim do bloqueio deve ser depois do início.',
  range: 'Escolha um período de até 45 dias.',
  moved: 'Esse agendamento mudou enquanto você editava. Recarregue a agenda.',
  notActive: 'Esse agendamento já foi cancelado.',
  customerName: 'Informe o nome do cliente (até 80 caracteres).',
  horizon: 'O limite vai de 1 a 365 dias.',
  step: 'Os horários oferecidos vão de 5 em 5 a 120 em 120 minutos.',
  breaks: 'Use pausas como 12:00–13:00, com o fim depois do início.',
  deposit: 'O sinal é um valor em reais ou uma porcentagem do preço (de 1% a 100%), não os dois.',
  holdMinutes: 'O prazo para pagar o sinal vai de 5 minutos a 24 horas.',
} as const;

/** Why a held booking was cancelled when its sinal was not paid in time (docs/decisions/074-agenda-deposit.md). */
export const DEPOSIT_UNPAID_REASON = 'sinal não pago';

const iso = (error: string) => z.iso.datetime({ offset: true, error });

export const agendaBreakSchema = z
  .object({
    from: timeOfDaySchema,
    to: timeOfDaySchema,
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  })
  .refine((b) => b.from < b.to, { error: AGENDA_MESSAGES.breaks, path: ['to'] });
export type AgendaBreak = z.infer<typeof agendaBreakSchema>;

export const agendaServiceInputSchema = z.object({
  name: z
    .string({ error: AGENDA_MESSAGES.serviceName })
    .trim()
    .min(1, { error: AGENDA_MESSAGES.serviceName })
    .max(80, { error: AGENDA_MESSAGES.serviceName }),
  durationMinutes: z
    .number({ error: AGENDA_MESSAGES.duration })
    .int()
    .min(5)
    .max(1440, { error: AGENDA_MESSAGES.duration }),
  priceCents: z.number({ error: AGENDA_MESSAGES.price }).int().min(0).max(100_000_000).nullable().default(null),
  catalogueItemId: z.guid({ error: AGENDA_MESSAGES.serviceNotFound }).nullable().default(null),
  bufferBeforeMinutes: z.number({ error: AGENDA_MESSAGES.buffer }).int().min(0).max(240).default(0),
  bufferAfterMinutes: z.number({ error: AGENDA_MESSAGES.buffer }).int().min(0).max(240).default(0),
  minNoticeMinutes: z.number({ error: AGENDA_MESSAGES.notice }).int().min(0).max(43_200).default(120),
  active: z.boolean().default(true),
  /** The sinal: a fixed amount, or a percent of the price; neither = none (docs/decisions/074-agenda-deposit.md). */
  depositCents: z
    .number({ error: AGENDA_MESSAGES.deposit })
    .int()
    .min(100, { error: AGENDA_MESSAGES.deposit })
    .max(100_000_000)
    .nullable()
    .default(null),
  depositPercent: z
    .number({ error: AGENDA_MESSAGES.deposit })
    .int()
    .min(1, { error: AGENDA_MESSAGES.deposit })
    .max(100, { error: AGENDA_MESSAGES.deposit })
    .nullable()
    .default(null),
  holdMinutes: z
    .number({ error: AGENDA_MESSAGES.holdMinutes })
    .int()
    .min(5, { error: AGENDA_MESSAGES.holdMinutes })
    .max(1440, { error: AGENDA_MESSAGES.holdMinutes })
    .default(30),
  /** Who does it; empty = every active professional. */
  professionalIds: z
    .array(z.guid({ error: AGENDA_MESSAGES.professionalNotFound }))
    .max(50)
    .default([]),
});
export type AgendaServiceInput = z.input<typeof agendaServiceInputSchema>;

export const agendaServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  durationMinutes: z.number().int(),
  priceCents: z.number().int().nullable(),
  catalogueItemId: z.string().nullable(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  minNoticeMinutes: z.number().int(),
  active: z.boolean(),
  depositCents: z.number().int().nullable(),
  depositPercent: z.number().int().nullable(),
  holdMinutes: z.number().int(),
  professionalIds: z.array(z.string()),
});
export type AgendaService = z.infer<typeof agendaServiceSchema>;

export const agendaProfessionalInputSchema = z.object({
  name: z
    .string({ error: AGENDA_MESSAGES.professionalName })
    .trim()
    .min(1, { error: AGENDA_MESSAGES.professionalName })
    .max(60, { error: AGENDA_MESSAGES.professionalName }),
  kind: z.enum(['person', 'resource']).default('person'),
  /** null = the business hours of Configurações. */
  week: weeklyHoursSchema.nullable().default(null),
  breaks: z.array(agendaBreakSchema).max(10).default([]),
  daysOff: z.array(closedDaySchema).max(100).default([]),
  active: z.boolean().default(true),
});
export type AgendaProfessionalInput = z.input<typeof agendaProfessionalInputSchema>;

export const agendaProfessionalSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['person', 'resource']),
  week: weeklyHoursSchema.nullable(),
  breaks: z.array(agendaBreakSchema),
  daysOff: z.array(z.string()),
  active: z.boolean(),
});
export type AgendaProfessional = z.infer<typeof agendaProfessionalSchema>;

export const agendaSettingsSchema = z.object({
  horizonDays: z.number({ error: AGENDA_MESSAGES.horizon }).int().min(1).max(365, { error: AGENDA_MESSAGES.horizon }),
  slotStepMinutes: z.number({ error: AGENDA_MESSAGES.step }).int().min(5).max(120, { error: AGENDA_MESSAGES.step }),
});
export type AgendaSettings = z.infer<typeof agendaSettingsSchema>;

/** GET /api/agenda/setup: everything the Agenda page's setup needs. */
export const agendaSetupSchema = z.object({
  settings: agendaSettingsSchema,
  timeZone: z.string(),
  professionals: z.array(agendaProfessionalSchema),
  services: z.array(agendaServiceSchema),
});
export type AgendaSetup = z.infer<typeof agendaSetupSchema>;

/** POST /api/agenda/quick-setup: the owner as the one professional (business hours) and a first service. */
export const agendaQuickSetupSchema = z.object({
  professionalName: agendaProfessionalInputSchema.shape.name,
  service: agendaServiceInputSchema.omit({ professionalIds: true }),
});
export type AgendaQuickSetup = z.input<typeof agendaQuickSetupSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  professionalId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  convId: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  notes: z.string(),
  source: z.enum(BOOKING_SOURCES),
  holdExpiresAt: z.string().nullable(),
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const agendaBlockSchema = z.object({
  id: z.string(),
  professionalId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
});
export type AgendaBlock = z.infer<typeof agendaBlockSchema>;

export const agendaBlockInputSchema = z
  .object({
    professionalId: z.guid({ error: AGENDA_MESSAGES.professionalNotFound }).nullable().default(null),
    startsAt: iso(AGENDA_MESSAGES.startsAt),
    endsAt: iso(AGENDA_MESSAGES.startsAt),
    reason: z.string().trim().max(80).default(''),
  })
  .refine((b) => new Date(b.startsAt) < new Date(b.endsAt), { error: AGENDA_MESSAGES.blockOrder, path: ['endsAt'] });
export type AgendaBlockInput = z.input<typeof agendaBlockInputSchema>;

/** GET /api/agenda/calendar?from=&to=: bookings (cancelled included) and blocks overlapping the range. */
export const agendaRangeQuerySchema = z
  .object({ from: iso(AGENDA_MESSAGES.range), to: iso(AGENDA_MESSAGES.range) })
  .refine(
    (q) => {
      const ms = new Date(q.to).getTime() - new Date(q.from).getTime();
      return ms > 0 && ms <= 45 * 86_400_000;
    },
    { error: AGENDA_MESSAGES.range, path: ['to'] },
  );

export const agendaCalendarSchema = z.object({
  bookings: z.array(bookingSchema),
  blocks: z.array(agendaBlockSchema),
});
export type AgendaCalendar = z.infer<typeof agendaCalendarSchema>;

export const bookingInputSchema = z.object({
  serviceId: z.guid({ error: AGENDA_MESSAGES.serviceNotFound }),
  /** null: the first professional free for the service at that time. */
  professionalId: z.guid({ error: AGENDA_MESSAGES.professionalNotFound }).nullable().default(null),
  startsAt: iso(AGENDA_MESSAGES.startsAt),
  customerName: z
    .string({ error: AGENDA_MESSAGES.customerName })
    .trim()
    .min(1, { error: AGENDA_MESSAGES.customerName })
    .max(80, { error: AGENDA_MESSAGES.customerName }),
  customerPhone: z.string().trim().max(30).nullable().default(null),
  convId: z.guid({ error: AGENDA_MESSAGES.bookingNotFound }).nullable().default(null),
  notes: z.string().trim().max(500).default(''),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const bookingMoveSchema = z.object({
  startsAt: iso(AGENDA_MESSAGES.startsAt),
  professionalId: z.guid({ error: AGENDA_MESSAGES.professionalNotFound }).optional(),
  /** The version the person saw: a booking moved meanwhile answers 409. */
  version: z.number().int().min(1),
});
export type BookingMove = z.infer<typeof bookingMoveSchema>;

export const bookingStatusInputSchema = z.object({ status: z.enum(['booked', 'confirmed', 'no_show', 'attended']) });

export const agendaSlotsQuerySchema = z.object({
  serviceId: z.guid({ error: AGENDA_MESSAGES.serviceNotFound }),
  professionalId: z.guid({ error: AGENDA_MESSAGES.professionalNotFound }).optional(),
  from: iso(AGENDA_MESSAGES.range),
  to: iso(AGENDA_MESSAGES.range),
});
export const agendaSlotsSchema = z.object({
  items: z.array(z.object({ professionalId: z.string(), startsAt: z.string(), endsAt: z.string() })),
});
export type AgendaSlots = z.infer<typeof agendaSlotsSchema>;

/** GET /api/agenda/conversations/:id/next: the customer's next appointment (the inbox's contact panel). */
export const nextBookingSchema = z.object({ booking: bookingSchema.nullable() });

/**
 * GET /api/results/agenda (Resultados' 'Agenda', docs/decisions/069-agenda.md): the appointments whose start
 * falls in the period (the same period query as Resultados), by status, those the AI booked, the revenue of
 * those attended, and per local day the no-show rate (no-shows over attended plus no-shows; null without either).
 */
export const agendaResultsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byAi: z.number().int(),
  booked: z.number().int(),
  confirmed: z.number().int(),
  attended: z.number().int(),
  noShows: z.number().int(),
  cancelled: z.number().int(),
  attendedRevenueCents: z.number().int(),
  /** No-shows over attended plus no-shows in the period; null when none was marked. */
  noShowRate: z.number().nullable(),
  days: z.array(
    z.object({ date: z.string(), attended: z.number().int(), noShows: z.number().int(), rate: z.number().nullable() }),
  ),
});
export type AgendaResults = z.infer<typeof agendaResultsSchema>;

/** PUT /api/agenda/professionals/:id/feed: the private iCalendar feed's new URL (the old one stops working). */
export const agendaFeedSchema = z.object({ url: z.string() });
