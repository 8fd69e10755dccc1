import type { BookingChange } from '../agenda-guard/guard-booking.ts';
import type { AgendaChatPort } from './agenda-port.ts';
import type { PendingBooking } from './pending-booking.ts';
import { agendar, bookingView, out, refused, remarcar, slotText } from './tool-args.ts';

/** What an approval-mode change tells the AI (the change waits for the owner's 'Enviar'). */
const APPROVAL_NOTE =
  'Mudança registrada: ela é feita quando a equipe enviar esta resposta, antes de o cliente lê-la. Responda ao cliente normalmente.';
const APPROVAL_DEPOSIT_NOTE =
  'Mudança registrada para quando a equipe enviar esta resposta. Este serviço pede sinal: diga que o horário fica reservado, ' +
  'aguardando o pagamento do sinal por Pix (o Pix vai em seguida); não diga que está confirmado.';

/**
 * Approval mode: the change is checked now and kept for the draft (pending-booking.ts); the answer may say
 * it is done, because the owner's 'Enviar' makes it before the customer reads it.
 */
export async function proposeChange(
  ctx: { port: AgendaChatPort; accountId: string; convId: string; timeZone: string },
  name: 'agendar' | 'remarcar' | 'cancelar',
  raw: unknown,
  record: (change: BookingChange, pending: PendingBooking) => void,
) {
  const { port, accountId, convId, timeZone } = ctx;
  const when = (iso: string) => slotText(new Date(iso), timeZone);
  if (name === 'agendar') {
    const a = agendar.parse(raw);
    const service = (await port.services(accountId)).find((s) => s.id === a.servico_id);
    if (!service) return refused('Serviço não encontrado: use o id devolvido por ver_horarios.');
    const start = new Date(a.inicio);
    if (Number.isNaN(start.getTime())) return refused('Horário inválido: use o "inicio" devolvido por ver_horarios.');
    const slot = (await port.freeSlots(accountId, service.id, start, 20)).find(
      (f) => f.startsAt.getTime() === start.getTime() && (!a.profissional_id || f.professionalId === a.profissional_id),
    );
    if (!slot) return refused('Esse horário não está livre. Use ver_horarios para ver os horários livres.');
    const text = `Agendar ${service.name}: ${when(a.inicio)}, com ${slot.professionalName}`;
    const proposed: PendingBooking = {
      action: 'agendar',
      serviceId: service.id,
      startsAt: start.toISOString(),
      professionalId: slot.professionalId,
      text,
    };
    record(service.deposit ? 'held' : 'booked', proposed);
    return out({
      ok: true,
      agendamento: { servico: service.name, profissional: slot.professionalName, quando: when(a.inicio) },
      aviso: service.deposit ? APPROVAL_DEPOSIT_NOTE : APPROVAL_NOTE,
    });
  }
  const current = await port.nextBooking(accountId, convId);
  if (!current) return refused(`O cliente não tem horário marcado para ${name}.`);
  if (name === 'cancelar') {
    const proposed: PendingBooking = {
      action: 'cancelar',
      bookingId: current.id,
      text: `Cancelar ${current.serviceName}: ${when(current.startsAt.toISOString())}`,
    };
    record('cancelled', proposed);
    return out({ ok: true, cancelado: bookingView(current, timeZone), aviso: APPROVAL_NOTE });
  }
  const a = remarcar.parse(raw);
  const start = new Date(a.inicio);
  const free = Number.isNaN(start.getTime()) ? [] : await port.freeSlots(accountId, current.serviceId, start, 20);
  if (!free.some((f) => f.startsAt.getTime() === start.getTime()))
    return refused('Esse horário não está livre. Use ver_horarios para ver os horários livres.');
  const proposed: PendingBooking = {
    action: 'remarcar',
    bookingId: current.id,
    startsAt: start.toISOString(),
    text: `Remarcar ${current.serviceName} para ${when(a.inicio)}`,
  };
  record('moved', proposed);
  return out({
    ok: true,
    agendamento: { ...bookingView(current, timeZone), quando: when(a.inicio) },
    aviso: APPROVAL_NOTE,
  });
}
