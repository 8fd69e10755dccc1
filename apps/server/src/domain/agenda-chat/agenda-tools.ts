import { z } from 'zod';
import type { ToolCall, ToolDefinition } from '../../integrations/llm/llm.ts';
import {
  type BookingChange,
  type BookingTurn,
  heldStandingNote,
  standingAfter,
} from '../agenda-guard/guard-booking.ts';
import { type AgendaChatPort, AgendaRefused, type ChatService, type ChatSlot } from './agenda-port.ts';
import type { PendingBooking } from './pending-booking.ts';
import { proposeChange } from './propose-change.ts';
import {
  agendar,
  bookingView,
  cancelar,
  hourText,
  out,
  refused,
  remarcar,
  slotText,
  verHorarios,
} from './tool-args.ts';

export { slotText } from './tool-args.ts';

/**
 * The AI's agenda tools (docs/decisions/070-agenda-in-the-chat.md), offered only to accounts with an
 * agenda: `ver_horarios` (two or three real free slots of a service, and the customer's current
 * appointment), `agendar`, `remarcar`, `cancelar`. Each change is recorded in the turn, so the booking
 * guard lets a true 'está agendado' through and holds back one nothing made true. In approval mode the
 * same tools are offered, but a change is only checked and kept with the draft (`pending()`): the agenda
 * changes when the owner sends the draft (applyPendingBooking, docs/decisions/045-approval-mode.md), so an
 * approved draft does what the answer would have done and nothing is booked before the owner acts.
 */

/** How many slots the AI offers at once. */
export const OFFERED_SLOTS = 3;
/** How many free starts are read to choose the offered ones from (spread over days). */
const SLOTS_READ = 40;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const schemaOf = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s) as Record<string, unknown>;
  return rest;
};

const TOOLS = {
  ver_horarios: {
    args: verHorarios,
    changes: false,
    description:
      'Horários livres reais de um serviço da agenda (2 ou 3, em dias diferentes quando possível) e o horário que o cliente já tem. ' +
      'Use antes de oferecer horários; nunca invente um horário.',
  },
  agendar: {
    args: agendar,
    changes: true,
    description:
      'Agenda o serviço para o cliente num horário devolvido por ver_horarios. Só chame depois que o cliente confirmar claramente aquele horário.',
  },
  remarcar: {
    args: remarcar,
    changes: true,
    description:
      'Muda o horário que o cliente já tem para outro devolvido por ver_horarios. Só chame depois que o cliente confirmar o novo horário.',
  },
  cancelar: {
    args: cancelar,
    changes: true,
    description: 'Cancela o horário que o cliente tem. Só chame depois que o cliente confirmar que quer cancelar.',
  },
} as const;

type ToolName = keyof typeof TOOLS;

/** A service with a sinal is held, not confirmed, until its Pix is paid (docs/decisions/074-agenda-deposit.md). */
const DEPOSIT_RULE =
  'Se o agendamento voltar com "reservado_ate", o horário só fica reservado até essa hora, aguardando o sinal por Pix: ' +
  'diga isso ("reservado até as 10:30, aguardando o sinal"), nunca que está confirmado.';

/** Approval mode: the owner reads the answer before the customer does, and the change happens when it is sent. */
const APPROVAL_RULE =
  'A equipe revisa cada resposta antes de ela ir ao cliente: a mudança na agenda é feita quando a equipe enviar a resposta, ' +
  'antes de o cliente lê-la; escreva ao cliente normalmente.';

/** Appended to the reply's system prompt when the agenda tools are offered. */
export function agendaInstructions(approval: boolean): string {
  return (
    'AGENDA: este negócio tem agenda. Para marcar: (1) use ver_horarios e ofereça ao cliente 2 ou 3 dos horários devolvidos, com o texto deles; ' +
    '(2) quando ele escolher, pergunte se pode confirmar aquele horário; (3) só depois do "sim" chame agendar com o "inicio" exato. ' +
    'Para mudar ou desmarcar o horário que ele já tem, faça o mesmo com remarcar ou cancelar. ' +
    'Só diga que um horário foi agendado, remarcado ou cancelado quando a ferramenta devolver "ok": true. ' +
    DEPOSIT_RULE +
    (approval ? ` ${APPROVAL_RULE}` : '')
  );
}

const localDay = (at: Date, timeZone: string) => at.toLocaleDateString('en-CA', { timeZone });

/** Up to `n` slots, the first of each of the earliest days, then the next ones of those days. */
export function spreadSlots(slots: readonly ChatSlot[], n: number, timeZone: string): ChatSlot[] {
  const chosen: ChatSlot[] = [];
  const days = new Set<string>();
  for (const s of slots) {
    const day = localDay(s.startsAt, timeZone);
    if (days.has(day)) continue;
    days.add(day);
    chosen.push(s);
    if (chosen.length === n) break;
  }
  for (const s of slots) {
    if (chosen.length >= n) break;
    if (!chosen.includes(s) && !chosen.some((c) => c.startsAt.getTime() === s.startsAt.getTime())) chosen.push(s);
  }
  return chosen.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function serviceFor(services: readonly ChatService[], wanted: string): ChatService | null {
  const w = fold(wanted);
  if (!w) return services.length === 1 ? services[0]! : null;
  return (
    services.find((s) => s.id === wanted) ??
    services.find((s) => fold(s.name) === w) ??
    services.find((s) => fold(s.name).includes(w) || w.includes(fold(s.name))) ??
    (services.length === 1 ? services[0]! : null)
  );
}

export interface AgendaToolContext {
  port: AgendaChatPort;
  accountId: string;
  convId: string;
  timeZone: string;
  now: () => Date;
  /** Approval mode: a change is checked and kept for the draft, made when the owner sends it. */
  approval: boolean;
  /** The conversation's upcoming appointment before this turn (read in the reply's claim). */
  standing: BookingTurn['standing'];
  /** Until when that appointment is held for its sinal, when it is held. */
  heldUntil?: Date | null;
}

export interface AgendaToolKit {
  tools: ToolDefinition[];
  /**
   * For models without tool calls: the real free slots of the account's services and the customer's
   * appointment, as text for the request, with how to ask for a change in the answer's "agenda" field.
   */
  offer(): Promise<string>;
  /** Runs a call of one of these tools; null when the call is not an agenda tool. */
  run(call: ToolCall): Promise<{ content: string } | null>;
  /** What the tools changed so far in this turn (the booking guard reads it). */
  turn: BookingTurn;
  /** Approval mode: the change this answer asks for, made when the owner sends the draft; else null. */
  pending(): PendingBooking | null;
}

export function agendaToolKit(ctx: AgendaToolContext): AgendaToolKit {
  const offered = Object.keys(TOOLS) as ToolName[];
  const changes: BookingChange[] = [];
  let pending: PendingBooking | null = null;
  const turn: BookingTurn = {
    changes,
    heldUntil: ctx.standing === 'held' && ctx.heldUntil ? hourText(ctx.heldUntil, ctx.timeZone) : null,
    get standing() {
      return standingAfter(ctx.standing, changes);
    },
  };
  const changed = (c: BookingChange) => void changes.push(c);

  async function run(name: ToolName, raw: unknown) {
    const { port, accountId, convId, timeZone } = ctx;
    if (ctx.approval && name !== 'ver_horarios')
      return proposeChange(ctx, name, raw, (c, p) => {
        changed(c);
        pending = p;
      });
    switch (name) {
      case 'ver_horarios': {
        const a = verHorarios.parse(raw);
        const services = await port.services(accountId);
        const service = serviceFor(services, a.servico ?? '');
        if (!service && !a.servico?.trim()) {
          const current = await port.nextBooking(accountId, convId);
          return out({
            servicos: services.map((s) => ({ id: s.id, nome: s.name, duracao_minutos: s.durationMinutes })),
            agendamento_atual: current ? bookingView(current, timeZone) : null,
          });
        }
        if (!service)
          return refused(`Serviço não encontrado. Os serviços são: ${services.map((s) => s.name).join(', ')}.`);
        const from = a.a_partir_de ? new Date(`${a.a_partir_de}T00:00:00Z`) : ctx.now();
        const slots = spreadSlots(
          await port.freeSlots(accountId, service.id, from < ctx.now() ? ctx.now() : from, SLOTS_READ),
          OFFERED_SLOTS,
          timeZone,
        );
        const current = await port.nextBooking(accountId, convId);
        return out({
          servico: { id: service.id, nome: service.name, duracao_minutos: service.durationMinutes },
          horarios: slots.map((s) => ({
            inicio: s.startsAt.toISOString(),
            texto: slotText(s.startsAt, timeZone),
            profissional_id: s.professionalId,
            profissional: s.professionalName,
          })),
          ...(slots.length ? {} : { aviso: 'Nenhum horário livre nesse período.' }),
          agendamento_atual: current ? bookingView(current, timeZone) : null,
        });
      }
      case 'agendar': {
        const a = agendar.parse(raw);
        const booked = await port.book({
          accountId,
          convId,
          serviceId: a.servico_id,
          startsAt: new Date(a.inicio),
          professionalId: a.profissional_id ?? null,
        });
        changed(booked.holdUntil ? 'held' : 'booked');
        if (booked.holdUntil) turn.heldUntil = hourText(booked.holdUntil, timeZone);
        return out({ ok: true, agendamento: bookingView(booked, timeZone) });
      }
      case 'remarcar': {
        const a = remarcar.parse(raw);
        const current = await port.nextBooking(accountId, convId);
        if (!current) return refused('O cliente não tem horário marcado para remarcar.');
        const moved = await port.move({
          accountId,
          bookingId: current.id,
          version: current.version,
          startsAt: new Date(a.inicio),
        });
        changed('moved');
        if (moved.holdUntil) turn.heldUntil = hourText(moved.holdUntil, timeZone);
        return out({ ok: true, agendamento: bookingView(moved, timeZone) });
      }
      case 'cancelar': {
        const current = await port.nextBooking(accountId, convId);
        if (!current) return refused('O cliente não tem horário marcado para cancelar.');
        const cancelled = await port.cancel({ accountId, bookingId: current.id });
        changed('cancelled');
        return out({ ok: true, cancelado: bookingView(cancelled, timeZone) });
      }
    }
  }

  async function offer(): Promise<string> {
    const { port, accountId, convId, timeZone } = ctx;
    const services = (await port.services(accountId)).slice(0, 3);
    const lines = ['AGENDA (horários livres reais; ofereça só estes):'];
    for (const service of services) {
      const slots = spreadSlots(
        await port.freeSlots(accountId, service.id, ctx.now(), SLOTS_READ),
        OFFERED_SLOTS,
        timeZone,
      );
      lines.push(
        `- ${service.name} (servico_id ${service.id}): ` +
          (slots.length
            ? slots.map((s) => `${slotText(s.startsAt, timeZone)} [inicio ${s.startsAt.toISOString()}]`).join('; ')
            : 'nenhum horário livre nos próximos dias'),
      );
    }
    const current = await port.nextBooking(accountId, convId);
    lines.push(
      current
        ? `Horário que o cliente já tem: ${current.serviceName} em ${slotText(current.startsAt, timeZone)}.` +
            (current.holdUntil ? ` ${heldStandingNote(hourText(current.holdUntil, timeZone))}` : '')
        : 'O cliente não tem horário marcado.',
    );
    lines.push(
      'Ofereça 2 ou 3 destes horários; quando o cliente escolher, pergunte se pode confirmar aquele horário; só depois do "sim" peça a mudança. ' +
        DEPOSIT_RULE +
        (ctx.approval ? ` ${APPROVAL_RULE}` : ''),
    );
    lines.push(
      'Quando o cliente confirmar um horário, inclua no JSON "agenda": {"acao": "agendar", "servico_id": "...", "inicio": "..."} ' +
        '(ou {"acao": "remarcar", "inicio": "..."}, ou {"acao": "cancelar"}); caso contrário "agenda": null. ' +
        'O sistema faz a mudança; se ela falhar, sua resposta não é enviada.',
    );
    return lines.join('\n');
  }

  return {
    offer,
    pending: () => pending,
    tools: offered.map((name) => ({
      name,
      description: TOOLS[name].description,
      parameters: schemaOf(TOOLS[name].args),
    })),
    turn,
    async run(call) {
      if (!(offered as string[]).includes(call.name)) return null;
      let raw: unknown;
      try {
        raw = JSON.parse(call.arguments || '{}');
      } catch {
        return refused('Argumentos inválidos: envie um JSON.');
      }
      try {
        return await run(call.name as ToolName, raw);
      } catch (err) {
        if (err instanceof z.ZodError)
          return refused(`Argumentos inválidos: ${err.issues.map((i) => i.message).join('; ')}.`);
        if (err instanceof AgendaRefused) return refused(err.message);
        throw err;
      }
    },
  };
}
