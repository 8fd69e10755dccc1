import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import { type BookingClaim, bookingClaims, type ClaimFound } from './booking-claims.ts';

/**
 * The booking guard (docs/decisions/070-agenda-in-the-chat.md), beside the price guard: an answer that
 * tells the customer an appointment was booked, moved or cancelled when no such change happened in this
 * turn never reaches the customer. The AI is asked once more with the reason; if it claims it again, the
 * customer gets the agent's fallback text and the owner is told ('needs_owner', the usual path).
 */

/**
 * A change the agenda tools made in this turn (what the answer may truthfully report). 'held': booked
 * but held for its sinal (docs/decisions/074-agenda-deposit.md) — only a claim that says so is true.
 */
export type BookingChange = BookingClaim | 'confirmed' | 'held';

/**
 * The customer's upcoming booking as it stands: 'booked' (booked or confirmed: stating it — 'está marcado
 * para quinta' — is true), 'held' (waiting for its sinal, the hold not yet over: only 'reservado até …,
 * aguardando o sinal' is true, never 'marcado' or 'confirmado'), or null (none; a hold released or past its
 * time is none — docs/decisions/074-agenda-deposit.md).
 */
export type StandingBooking = 'booked' | 'held' | null;

export interface BookingTurn {
  /** What the agenda tools really changed while this answer was written. */
  changes: readonly BookingChange[];
  /** The customer's upcoming booking, counting what this turn changed. */
  standing: StandingBooking;
  /** When the customer's booking is held for its sinal (this turn's or an earlier one's), until what time ('10:30'). */
  heldUntil?: string | null;
}

/** The customer's booking after this turn's changes: one made now stands; a move keeps its state (held stays held). */
export function standingAfter(before: StandingBooking, changes: readonly BookingChange[]): StandingBooking {
  if (changes.includes('booked') || before === 'booked') return 'booked';
  if (changes.includes('held') || before === 'held') return 'held';
  return changes.includes('moved') ? 'booked' : null;
}

/** A turn in which nothing was booked and the customer has no booking (every account without an agenda). */
export const NO_BOOKING_TURN: BookingTurn = { changes: [], standing: null };

/** The owner's alert when the guard held an answer back (the 'needs_owner' kind, decision 015). */
export const BOOKING_GUARD_ALERT = 'A IA tentou dizer ao cliente que um horário foi agendado, remarcado ou cancelado';

const WHAT: Record<BookingClaim, string> = {
  booked: 'agendado',
  moved: 'remarcado',
  cancelled: 'cancelado',
};

/** Whether the turn makes a claim true. */
function supported(claim: ClaimFound, turn: BookingTurn): boolean {
  const did = (c: BookingChange) => turn.changes.includes(c);
  switch (claim.kind) {
    case 'booked':
      // A bare 'Está confirmado!' is read only while a booking waits for its sinal (booking-claims.ts).
      if (claim.bare && turn.standing !== 'held') return true;
      // A held booking (made now or standing from an earlier turn) is reserved until paid: only a claim
      // that says so is true of it.
      if (claim.pending && (did('held') || turn.standing === 'held')) return true;
      return (
        did('booked') ||
        (did('moved') && turn.standing !== 'held') ||
        (claim.state && (turn.standing === 'booked' || did('confirmed')))
      );
    case 'moved':
      return did('moved') || (did('booked') && did('cancelled'));
    case 'cancelled':
      return did('cancelled') || did('moved');
  }
}

/** The first claim of the answer that nothing in this turn makes true; null when it may go. */
export function unsupportedClaim(text: string, turn: BookingTurn): ClaimFound | null {
  return bookingClaims(text).find((c) => !supported(c, turn)) ?? null;
}

/**
 * Said to the AI in every turn while the customer's booking waits for its sinal (an earlier turn held it):
 * the booking guard refuses 'marcado'/'confirmado' of it until it is paid (docs/decisions/074-agenda-deposit.md).
 */
export const heldStandingNote = (until: string | null | undefined): string =>
  `O horário que o cliente já tem está só reservado até as ${until ?? 'a hora indicada'}, aguardando o pagamento do sinal por Pix: ` +
  'não diga que está marcado, agendado ou confirmado; diga que está reservado, aguardando o sinal.';

/** Why the answer was not sent, for the AI's second attempt. */
export const bookingRetryReason = (claim: ClaimFound, turn?: BookingTurn): string =>
  claim.kind === 'booked' && turn?.changes.includes('held')
    ? 'O horário só está reservado, aguardando o pagamento do sinal por Pix: não diga que está agendado ou confirmado. ' +
      `Diga que está reservado até as ${turn.heldUntil ?? 'a hora indicada'}, aguardando o pagamento do sinal (o Pix vai na próxima mensagem).`
    : claim.kind === 'booked' && turn?.standing === 'held'
      ? 'O horário do cliente ainda não está confirmado: está reservado, aguardando o pagamento do sinal por Pix. ' +
        `Não diga que está marcado, agendado ou confirmado; diga que está reservado até as ${turn.heldUntil ?? 'a hora indicada'}, aguardando o pagamento do sinal.`
      : `Nenhum horário foi ${WHAT[claim.kind]} agora: não diga ao cliente que foi. ` +
        'Para agendar, remarcar ou cancelar use as ferramentas da agenda (quando existirem); sem elas, ' +
        'diga que a equipe vai confirmar o horário e marque "needs_owner".';

/** The owner's alert for a held-back answer. */
export const bookingGuardAlertWhy = (claim: ClaimFound): string =>
  `${BOOKING_GUARD_ALERT} sem que isso tenha acontecido ("${claim.sentence.slice(0, 120)}"). ` +
  'O cliente recebeu a mensagem de confirmação; responda você.';

export interface BookingGuardOutcome {
  answer: StructuredReply;
  retried: boolean;
  /** Set when the fallback replaced the AI's answer (the owner is alerted). */
  blocked: ClaimFound | null;
}

/**
 * Every answer passes here before the price guard (engine and playground): an answer without a booking
 * claim, or whose claims this turn makes true, passes untouched and costs a few regular expressions.
 */
export async function guardBooking(
  first: StructuredReply,
  turn: BookingTurn,
  askAgain: (reason: string) => Promise<StructuredReply | null>,
  fallbackText: () => Promise<string>,
): Promise<BookingGuardOutcome> {
  const claim = unsupportedClaim(first.reply, turn);
  if (!claim) return { answer: first, retried: false, blocked: null };
  const second = await askAgain(bookingRetryReason(claim, turn)).catch(() => null);
  if (second && second.reply.trim() && !unsupportedClaim(second.reply, turn))
    return { answer: second, retried: true, blocked: null };
  return { answer: bookingFallback(first, claim, await fallbackText()), retried: true, blocked: claim };
}

/** The fallback answer: the agent's text, the owner told, the handoff and the order kept. */
export function bookingFallback(first: StructuredReply, claim: ClaimFound, fallbackText: string): StructuredReply {
  return {
    reply: fallbackText,
    handoff: first.handoff,
    needsOwner: { reason: bookingGuardAlertWhy(claim) },
    hotLead: first.hotLead,
    order: first.order ?? null,
  };
}
