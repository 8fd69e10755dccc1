import type { ReplyDraftDto } from '@vendai/contracts';

/** '45 min', '1 h', '2 h 15 min', 'menos de 1 min' (to the nearest minute). */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/**
 * When a pending draft times out and what happens then (docs/decisions/045-approval-mode.md), e.g.
 * 'Se ninguém agir até 14:35 (em 28 min), a sugestão será enviada ao cliente.'
 */
export function timeoutText(draft: Pick<ReplyDraftDto, 'due_at' | 'timeout_action'>, now: Date): string {
  const due = new Date(draft.due_at);
  const left = due.getTime() - now.getTime();
  const send = draft.timeout_action === 'send';
  if (left <= 0)
    return send
      ? 'O prazo acabou: a sugestão está sendo enviada ao cliente.'
      : 'O prazo acabou: a sugestão está sendo descartada, nada será enviado.';
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const when = sameDay(due, now) ? hhmm(due) : sameDay(due, tomorrow) ? `amanhã às ${hhmm(due)}` : hhmm(due);
  const then = send ? 'a sugestão será enviada ao cliente' : 'a sugestão será descartada e nada será enviado';
  return `Se ninguém agir até ${when} (em ${durationText(left)}), ${then}.`;
}

/** What happened to a draft that is no longer pending, for the card that showed it. */
export function outcomeText(draft: Pick<ReplyDraftDto, 'state' | 'decided_by' | 'error' | 'edited'>): string {
  const by =
    draft.decided_by === 'whatsapp' ? ' pelo WhatsApp' : draft.decided_by === 'timeout' ? ' no fim do prazo' : '';
  switch (draft.state) {
    case 'sent':
      return `Sugestão${draft.edited ? ' editada' : ''} enviada${by}.`;
    case 'discarded':
      return `Sugestão descartada${by}: nada foi enviado.`;
    case 'superseded':
      return 'O cliente escreveu de novo: a IA está preparando uma nova sugestão.';
    case 'failed':
      return draft.error ?? 'A sugestão não pôde ser enviada.';
    default:
      return '';
  }
}
