import { normalise } from '@vendai/contracts/answer-text';
import type { DemoMessage, DemoRequest, DemoToolCall, DemoToolTurn } from './demo-types.ts';

/**
 * The demo AI books in the chat (offline, deterministic; docs/decisions/070-agenda-in-the-chat.md), with the
 * agenda tools the app offers to an account with an agenda: it offers the real slots `ver_horarios` gives,
 * asks the customer to confirm the chosen one, and only after 'sim' calls `agendar` (or `remarcar`,
 * `cancelar`). Its conversation state is the conversation itself: the slots it offered and the question
 * it asked are in its own last message.
 */

export type DemoAgendaStep = { calls: DemoToolCall[] } | { text: string };

interface Slot {
  inicio: string;
  texto: string;
  profissional_id: string;
}
interface SeenBooking {
  servico: string;
  quando: string;
  /** Held for its sinal until this time ('10:30'). */
  reservado_ate?: string;
}
interface ToolOutput {
  servico?: { id: string; nome: string };
  servicos?: { nome: string }[];
  horarios?: Slot[];
  agendamento_atual?: SeenBooking | null;
  ok?: boolean;
  erro?: string;
  agendamento?: SeenBooking;
  cancelado?: SeenBooking;
}

const isTurn = (m: DemoMessage | DemoToolTurn): m is DemoToolTurn => m.role === 'tool' || 'toolCalls' in m;

const YES =
  /^(sim|s|pode|pode sim|pode ser|confirmo|confirma|confirmado|isso|ok|okay|fechado|combinado|perfeito|quero|claro)\b/;
const CANCEL = /\b(cancelar|cancela|desmarcar|desmarca)\b/;
const MOVE = /\b(remarcar|remarca|reagendar|mudar o horario|trocar o horario|outro horario|outro dia)\b/;
const BOOK = /\b(agendar|agenda|marcar|marca|horario|horarios|vaga|disponivel|consulta|atendimento)\b/;
/** 'o primeiro', 'o segundo' ('segunda' is a weekday). */
const ORDINALS = [/\bprimeir[oa]\b/, /\bsegundo\b/, /\bterceir[oa]\b/];

/** The tool results of this request, by tool name (the calls precede their results). */
function results(request: DemoRequest): { name: string; out: ToolOutput }[] {
  const names = new Map<string, string>();
  const found: { name: string; out: ToolOutput }[] = [];
  for (const m of request.messages) {
    if (!isTurn(m)) continue;
    if ('toolCalls' in m) for (const c of m.toolCalls) names.set(c.id, c.name);
    else
      try {
        found.push({ name: names.get(m.toolCallId) ?? '', out: JSON.parse(m.content) as ToolOutput });
      } catch {
        // not an agenda result
      }
  }
  return found;
}

const call = (name: string, args: Record<string, unknown>): { calls: DemoToolCall[] } => ({
  calls: [{ id: `demo-agenda-${name}`, name, arguments: JSON.stringify(args) }],
});

/** The slots its last message offered ('1) quinta-feira, 10/12 às 09:00'), as written, and for which service. */
function offered(previous: string): { servico: string; slots: string[]; move: boolean } | null {
  const head = /^para (remarcar )?(.+?), tenho estes horarios/.exec(normalise(previous));
  const slots = [...previous.matchAll(/^\d\) (.+)$/gm)].map((m) => m[1]!.trim());
  if (!head || slots.length === 0) return null;
  const servico = /^Para (?:remarcar )?(.+?), tenho/.exec(previous)?.[1] ?? head[2]!;
  return { servico, slots, move: Boolean(head[1]) };
}

/** Which offered slot the customer chose: '2', 'o segundo', 'sexta', '9h'. */
function chosen(said: string, slots: string[]): string | null {
  const n = /^\s*(\d)\b/.exec(said)?.[1] ?? String(ORDINALS.findIndex((o) => o.test(said)) + 1);
  if (Number(n) >= 1 && Number(n) <= slots.length) return slots[Number(n) - 1]!;
  const words = said.split(/[^a-z0-9:]+/).filter((w) => w.length >= 4 || /^\d{1,2}h$/.test(w));
  return (
    slots.find((s) => {
      const folded = normalise(s);
      return words.some((w) =>
        /^\d{1,2}h$/.test(w) ? folded.includes(`${w.slice(0, -1).padStart(2, '0')}:`) : folded.includes(w),
      );
    }) ?? null
  );
}

/** The answer once a change tool answered. */
function afterChange(name: string, out: ToolOutput): string {
  if (!out.ok)
    return `Não consegui: ${out.erro ?? 'esse horário não está mais livre.'} Quer que eu veja outros horários?`;
  if (name === 'cancelar')
    return `Pronto, cancelei seu horário de ${out.cancelado?.quando ?? ''}. Se quiser marcar outro dia, é só me dizer.`;
  if (name === 'remarcar') return `Pronto, seu horário foi remarcado para ${out.agendamento?.quando ?? ''}. Até lá!`;
  if (out.agendamento?.reservado_ate)
    return `Prontinho! Seu horário (${out.agendamento.servico}, ${out.agendamento.quando}) está reservado até as ${out.agendamento.reservado_ate}, aguardando o pagamento do sinal. O Pix vai na próxima mensagem.`;
  return `Prontinho! Ficou agendado: ${out.agendamento?.servico ?? 'seu horário'}, ${out.agendamento?.quando ?? ''}. Até lá!`;
}

const offerText = (out: ToolOutput, move: boolean) =>
  out.horarios?.length
    ? `Para ${move ? 'remarcar ' : ''}${out.servico?.nome ?? 'o serviço'}, tenho estes horários:\n` +
      out.horarios.map((h, i) => `${i + 1}) ${h.texto}`).join('\n') +
      '\nQual você prefere?'
    : 'Não encontrei horários livres nos próximos dias. Quer que eu veja outra data?';

/**
 * A numbered answer to the app's reminder (docs/decisions/073-booking-reminders.md), read as a model reads it:
 * '2' after 'Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.' is 'quero remarcar'; after the
 * app's 'Pronto, seu horário de <serviço> (…) foi cancelado.' the customer's '3' asks for new times of that
 * service. The app itself confirms ('1') and cancels ('3'); the demo only answers what follows.
 */
function reminderReply(prev: string, said: string): string {
  if (/responda 1 para confirmar, 2 para remarcar ou 3 para cancelar\.?$/.test(prev) && /^2\b/.test(said))
    return 'quero remarcar';
  const cancelled = /seu horario de (.+?) \(.*\) foi cancelado/.exec(prev);
  if (cancelled && /^(3|cancelar|cancela)\b/.test(said)) return `quero agendar ${cancelled[1]}`;
  return said;
}

/**
 * The demo's next step in a booking conversation: tool calls, the answer, or null when the customer is
 * not talking about the agenda (or the app offered no agenda tools).
 */
export function demoAgendaStep(request: DemoRequest, history: readonly DemoMessage[]): DemoAgendaStep | null {
  const offeredTools = new Set((request.tools ?? []).map((t) => t.name));
  const done = results(request);
  if (!offeredTools.has('ver_horarios') && done.length === 0) return null;
  const previous = [...history].reverse().find((m) => m.role === 'assistant')?.content ?? '';
  const prev = normalise(previous);
  const said = reminderReply(prev, normalise([...history].reverse().find((m) => m.role === 'user')?.content ?? ''));
  const change = done.find((d) => ['agendar', 'remarcar', 'cancelar'].includes(d.name));
  if (change) return { text: afterChange(change.name, change.out) };
  const seen = done.find((d) => d.name === 'ver_horarios')?.out;
  const canCall = request.toolChoice !== 'none';

  // 'sim' to its own question: the change it asked about.
  const confirm = /posso (confirmar|remarcar) (.+?) (?:em|para) (.+?)\?/.exec(prev);
  if (YES.test(said) && confirm) {
    const move = confirm[1] === 'remarcar';
    const when = confirm[3]!;
    if (!seen) return canCall ? call('ver_horarios', { servico: confirm[2]! }) : null;
    const slot = seen.horarios?.find((h) => normalise(h.texto) === when);
    if (!slot) return { text: `Esse horário não está mais livre. ${offerText(seen, move)}` };
    return move
      ? call('remarcar', { inicio: slot.inicio })
      : call('agendar', { servico_id: seen.servico!.id, inicio: slot.inicio, profissional_id: slot.profissional_id });
  }
  if (YES.test(said) && /quer mesmo cancelar/.test(prev)) return canCall ? call('cancelar', {}) : null;

  // A choice among the slots it offered: confirm before booking.
  const list = offered(previous);
  const pick = list ? chosen(said, list.slots) : null;
  if (list && pick)
    return {
      text: list.move ? `Posso remarcar ${list.servico} para ${pick}?` : `Posso confirmar ${list.servico} em ${pick}?`,
    };

  // What the customer asks for.
  if (seen) {
    if (CANCEL.test(said))
      return {
        text: seen.agendamento_atual
          ? `Quer mesmo cancelar seu horário de ${seen.agendamento_atual.quando}?`
          : 'Não encontrei nenhum horário marcado para você. Quer agendar um?',
      };
    if (MOVE.test(said) && seen.agendamento_atual && !seen.horarios && canCall)
      return call('ver_horarios', { servico: seen.agendamento_atual.servico });
    if (seen.erro) return { text: `${seen.erro} Qual deles você quer?` };
    if (!seen.horarios && seen.servicos)
      return { text: `Qual serviço você quer? Temos: ${seen.servicos.map((x) => x.nome).join(', ')}.` };
    return { text: offerText(seen, MOVE.test(said) && Boolean(seen.agendamento_atual)) };
  }
  if (!canCall) return null;
  if (CANCEL.test(said) || MOVE.test(said)) return call('ver_horarios', {});
  if (BOOK.test(said) || /qual (deles voce quer|servico voce quer)/.test(prev))
    return call('ver_horarios', { servico: said });
  return null;
}
