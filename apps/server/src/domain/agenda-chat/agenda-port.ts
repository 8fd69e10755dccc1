/**
 * What the chat needs of the agenda (docs/decisions/070-agenda-in-the-chat.md): the services, real free
 * slots, and booking, moving and cancelling the conversation's appointment. The agenda module implements
 * it (`modules/agenda/chat-port.ts`) with its own services, which keep the database's no-overlap rule and
 * publish the booking events; app.ts hands it to the engine (a feature never imports another).
 */

export interface ChatService {
  id: string;
  name: string;
  durationMinutes: number;
  /** null: sob consulta. */
  priceCents: number | null;
  /** The service asks for a sinal: a booking for a conversation is held until it is paid (decision 074). */
  deposit?: boolean;
}

export interface ChatSlot {
  startsAt: Date;
  professionalId: string;
  professionalName: string;
}

export interface ChatBooking {
  id: string;
  serviceId: string;
  serviceName: string;
  professionalName: string;
  startsAt: Date;
  status: string;
  version: number;
  /** Held for its sinal until then (docs/decisions/074-agenda-deposit.md); null = booked. */
  holdUntil: Date | null;
}

/** The agenda said no, with a sentence the customer may read ('Esse horário acabou de ser reservado…'). */
export class AgendaRefused extends Error {}

export interface AgendaChatPort {
  services(accountId: string): Promise<ChatService[]>;
  /** Free starts of the service from `from`, earliest first, at most `limit`. */
  freeSlots(accountId: string, serviceId: string, from: Date, limit: number): Promise<ChatSlot[]>;
  /** The conversation's next active appointment (held, booked or confirmed), if any. */
  nextBooking(accountId: string, convId: string): Promise<ChatBooking | null>;
  /** Books a free slot for the conversation's contact (source 'ai'); AgendaRefused when it is not free. */
  book(o: {
    accountId: string;
    convId: string;
    serviceId: string;
    startsAt: Date;
    professionalId: string | null;
  }): Promise<ChatBooking>;
  move(o: { accountId: string; bookingId: string; version: number; startsAt: Date }): Promise<ChatBooking>;
  cancel(o: { accountId: string; bookingId: string }): Promise<ChatBooking>;
}
