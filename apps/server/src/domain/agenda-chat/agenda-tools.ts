import { z } from 'zod';
import type { ToolCall, ToolDefinition } from '../../integrations/llm/llm.ts';
import type { BookingChange, BookingTurn } from '../agenda-guard/guard-booking.ts';
import {
  type AgendaChatPort,
  AgendaRefused,
  type ChatBooking,
  type ChatService,
  type ChatSlot,
} from './agenda-port.ts';

/**
 * The AI's agenda tools (docs/decisions/070-agenda-in-the-chat.md), offered only to accounts with an
 * agenda: `ver_horarios` (two or three real free slots of a service, and the customer's current
 * appointment), `agendar`, `remarcar`, `cancelar`. Each change is recorded in the turn, so the booking
 * guard lets a true 'está agendado' through and holds back one nothing made true. In approval mode only
 * `ver_horarios` is offered: nothing is booked before the owner acts.
 */

/** How many slots the AI offers at once. */
export const OFFERED_SLOTS = 3;
/** How many free starts are read to choose the offered ones from (spread over days). */
const SLOTS_READ = 40;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const verHorarios = z.object({
  servico: z
    .string()
    .trim()
    .max(300)
    .optional()
    .describe(
      'O serviço, pelo nome ou id (ex.: "corte"); sem ele, a lista de serviços e o horário que o cliente já tem.',
    ),
  a_partir_de: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD')
    .optional()
    .describe('Só horários a partir deste dia (AAAA-MM-DD), quando o cliente pedir um dia.'),
});
const agendar = z.object({
  servico_id: z.string().min(1).describe('O id do serviço devolvido por ver_horarios.'),
  inicio: z.string().min(10).describe('O "inicio" exato de um horário devolvido por ver_horarios.'),
  profissional_id: z.string().optional().describe('O "profissional_id" do horário escolhido.'),
});
const remarcar = z.object({
  inicio: z.string().min(10).describe('O "inicio" exato do novo horário, devolvido por ver_horarios.'),
});
const cancelar = z.object({});

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

/** Appended to the reply's system prompt when the agenda tools are offered. */
export function agendaInstructions(approval: boolean): string {
  return approval
    ? 'AGENDA: este negócio tem agenda. Use ver_horarios para oferecer 2 ou 3 horários livres reais. ' +
        'Quando o cliente escolher, diga que a equipe vai confirmar o horário; nunca diga que está agendado, marcado, remarcado ou cancelado.'
    : 'AGENDA: este negócio tem agenda. Para marcar: (1) use ver_horarios e ofereça ao cliente 2 ou 3 dos horários devolvidos, com o texto deles; ' +
        '(2) quando ele escolher, pergunte se pode confirmar aquele horário; (3) só depois do "sim" chame agendar com o "inicio" exato. ' +
        'Para mudar ou desmarcar o horário que ele já tem, faça o mesmo com remarcar ou cancelar. ' +
        'Só diga que um horário foi agendado, remarcado ou cancelado quando a ferramenta devolver "ok": true. ' +
        DEPOSIT_RULE;
}

/** 'quinta-feira, 10/12 às 15:00' in the account's time zone. */
export function slotText(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day}/${parts.month} às ${parts.hour}:${parts.minute}`;
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
  userId: string;
  convId: string;
  timeZone: string;
  now: () => Date;
  /** Approval mode: only `ver_horarios` (nothing is booked before the owner acts). */
  approval: boolean;
  /** The conversation has an upcoming appointment (read in the reply's claim). */
  standing: boolean;
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
}

const out = (body: unknown) => ({ content: JSON.stringify(body) });
const refused = (erro: string) => out({ ok: false, erro });

const hourText = (at: Date, timeZone: string) => slotText(at, timeZone).split(' às ')[1]!;

const heldView = (until: string) => ({
  reservado_ate: until,
  aviso: `O horário está reservado até as ${until}, aguardando o pagamento do sinal por Pix (o Pix vai ao cliente na próxima mensagem). Diga isso ao cliente; não diga que está confirmado.`,
});

const bookingView = (b: ChatBooking, timeZone: string) => ({
  servico: b.serviceName,
  profissional: b.professionalName,
  quando: slotText(b.startsAt, timeZone),
  status: b.status,
  // Held for its sinal (docs/decisions/074-agenda-deposit.md): not confirmed until the Pix is paid.
  ...(b.holdUntil ? heldView(hourText(b.holdUntil, timeZone)) : {}),
});

export function agendaToolKit(ctx: AgendaToolContext): AgendaToolKit {
  const offered = (Object.keys(TOOLS) as ToolName[]).filter((n) => !ctx.approval || !TOOLS[n].changes);
  const changes: BookingChange[] = [];
  const turn: BookingTurn = {
    changes,
    heldUntil: null,
    get standing() {
      return ctx.standing || changes.includes('booked') || changes.includes('moved');
    },
  };
  const changed = (c: BookingChange) => void changes.push(c);

  async function run(name: ToolName, raw: unknown) {
    const { port, userId, convId, timeZone } = ctx;
    switch (name) {
      case 'ver_horarios': {
        const a = verHorarios.parse(raw);
        const services = await port.services(userId);
        const service = serviceFor(services, a.servico ?? '');
        if (!service && !a.servico?.trim()) {
          const current = await port.nextBooking(userId, convId);
          return out({
            servicos: services.map((s) => ({ id: s.id, nome: s.name, duracao_minutos: s.durationMinutes })),
            agendamento_atual: current ? bookingView(current, timeZone) : null,
          });
        }
        if (!service)
          return refused(`Serviço não encontrado. Os serviços são: ${services.map((s) => s.name).join(', ')}.`);
        const from = a.a_partir_de ? new Date(`${a.a_partir_de}T00:00:00Z`) : ctx.now();
        const slots = spreadSlots(
          await port.freeSlots(userId, service.id, from < ctx.now() ? ctx.now() : from, SLOTS_READ),
          OFFERED_SLOTS,
          timeZone,
        );
        const current = await port.nextBooking(userId, convId);
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
          userId,
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
        const current = await port.nextBooking(userId, convId);
        if (!current) return refused('O cliente não tem horário marcado para remarcar.');
        const moved = await port.move({
          userId,
          bookingId: current.id,
          version: current.version,
          startsAt: new Date(a.inicio),
        });
        changed('moved');
        return out({ ok: true, agendamento: bookingView(moved, timeZone) });
      }
      case 'cancelar': {
        const current = await port.nextBooking(userId, convId);
        if (!current) return refused('O cliente não tem horário marcado para cancelar.');
        const cancelled = await port.cancel({ userId, bookingId: current.id });
        changed('cancelled');
        return out({ ok: true, cancelado: bookingView(cancelled, timeZone) });
      }
    }
  }

  async function offer(): Promise<string> {
    const { port, userId, convId, timeZone } = ctx;
    const services = (await port.services(userId)).slice(0, 3);
    const lines = ['AGENDA (horários livres reais; ofereça só estes):'];
    for (const service of services) {
      const slots = spreadSlots(
        await port.freeSlots(userId, service.id, ctx.now(), SLOTS_READ),
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
    const current = await port.nextBooking(userId, convId);
    lines.push(
      current
        ? `Horário que o cliente já tem: ${current.serviceName} em ${slotText(current.startsAt, timeZone)}.`
        : 'O cliente não tem horário marcado.',
    );
    lines.push(
      ctx.approval
        ? 'Ofereça 2 ou 3 destes horários; quando o cliente escolher, diga que a equipe vai confirmar. Nunca diga que está agendado, remarcado ou cancelado.'
        : 'Ofereça 2 ou 3 destes horários; quando o cliente escolher, pergunte se pode confirmar aquele horário; só depois do "sim" peça a mudança. ' +
            DEPOSIT_RULE,
    );
    if (!ctx.approval)
      lines.push(
        'Quando o cliente confirmar um horário, inclua no JSON "agenda": {"acao": "agendar", "servico_id": "...", "inicio": "..."} ' +
          '(ou {"acao": "remarcar", "inicio": "..."}, ou {"acao": "cancelar"}); caso contrário "agenda": null. ' +
          'O sistema faz a mudança; se ela falhar, sua resposta não é enviada.',
      );
    return lines.join('\n');
  }

  return {
    offer,
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
