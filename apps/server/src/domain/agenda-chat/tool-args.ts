import { z } from 'zod';
import type { ChatBooking } from './agenda-port.ts';

/**
 * What the agenda tools read and write (docs/decisions/070-agenda-in-the-chat.md): their arguments, how a
 * slot and a booking are shown to the AI, and the JSON a tool answers with. Shared by the tools
 * (agenda-tools.ts) and approval mode's checked changes (propose-change.ts).
 */

export const verHorarios = z.object({
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
export const agendar = z.object({
  servico_id: z.string().min(1).describe('O id do serviço devolvido por ver_horarios.'),
  inicio: z.string().min(10).describe('O "inicio" exato de um horário devolvido por ver_horarios.'),
  profissional_id: z.string().optional().describe('O "profissional_id" do horário escolhido.'),
});
export const remarcar = z.object({
  inicio: z.string().min(10).describe('O "inicio" exato do novo horário, devolvido por ver_horarios.'),
});
export const cancelar = z.object({});

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

export const out = (body: unknown) => ({ content: JSON.stringify(body) });
export const refused = (erro: string) => out({ ok: false, erro });

export const hourText = (at: Date, timeZone: string) => slotText(at, timeZone).split(' às ')[1]!;

const heldView = (until: string) => ({
  reservado_ate: until,
  aviso: `O horário está reservado até as ${until}, aguardando o pagamento do sinal por Pix (o Pix vai ao cliente na próxima mensagem). Diga isso ao cliente; não diga que está confirmado.`,
});

export const bookingView = (b: ChatBooking, timeZone: string) => ({
  servico: b.serviceName,
  profissional: b.professionalName,
  quando: slotText(b.startsAt, timeZone),
  status: b.status,
  // Held for its sinal (docs/decisions/074-agenda-deposit.md): not confirmed until the Pix is paid.
  ...(b.holdUntil ? heldView(hourText(b.holdUntil, timeZone)) : {}),
});
