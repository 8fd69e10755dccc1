/**
 * What an AI answer tells the customer happened to an appointment (docs/decisions/070-agenda-in-the-chat.md):
 * it was booked, moved or cancelled. Read from the words alone, sentence by sentence, so the booking
 * guard (guard-booking.ts) can compare it with what really changed in this turn. Pure and cheap (a few
 * regular expressions on the text): it runs on every answer.
 *
 * A claim is an affirmative statement: a question ('posso agendar para você?'), a negation ('ainda não
 * está marcado'), a condition or a future ('assim que você confirmar, fica agendado'; 'vou agendar') and a
 * delivery or an order ('sua entrega está agendada') are not claims about an appointment.
 */

export type BookingClaim = 'booked' | 'moved' | 'cancelled';

/** The claim a sentence makes, and whether it only states how things are ('está agendado'). */
export interface ClaimFound {
  kind: BookingClaim;
  /** A statement of the booking's state ('está marcado', 'confirmado para quinta'), true of a standing booking. */
  state: boolean;
  /** The sentence, as written (for the owner's alert and the tests). */
  sentence: string;
  /**
   * The sentence says the slot is only held for a deposit ('reservado até 10:30, aguardando o sinal'):
   * true of a booking held for its sinal (docs/decisions/074-agenda-deposit.md).
   */
  pending: boolean;
  /**
   * A confirmation without a subject ('Está confirmado!', 'Sim, confirmado.'): about an appointment only
   * when the customer's booking is the thing in question — the guard reads it only while a booking waits for
   * its sinal, so a shop's 'Está confirmado!' about an order is never held back.
   */
  bare: boolean;
}

/** A hold for a deposit, said in the same sentence: the sinal, 'aguardando o pagamento', 'pré-reserva', 'reservado até'. */
const PENDING = /\b(?:sinal|aguardando\s+(?:o\s+)?pagamento|pre-?reserv\w*|reservad[oa]s?\s+ate)\b/;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A day or a time after the participle: 'confirmado para quinta às 15h', 'marcado pra amanhã 9:30'. */
const WHEN = String.raw`(?:hoje|amanha|depois de amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia\s+\d|\d{1,2}\s*(?:h|:\d{2}|horas?)|as\s+\d|o\s+dia|esta\s+semana|semana\s+que\s+vem)`;
/** What may stand between the participle and the day: 'agendado com a Dra. Ana para quinta'. */
const GAP = String.raw`(?:\s+[^\s.!?;]+){0,6}?`;

/** The words for an appointment (the subject that makes 'confirmado' a booking claim). */
const APPOINTMENT = String.raw`(?:horario|agendamento|consulta|sessao|atendimento|reserva|visita|aula|corte|avaliacao|procedimento|encaixe|retorno|compromisso|servico|exame|banho|tosa|massagem|limpeza|manicure|escova)`;

/** A delivery or an order: 'sua entrega está agendada' is not an appointment. */
const NOT_APPOINTMENT = /\b(?:entrega|pedido|envio|retirada|pagamento|pix|coleta|encomenda|boleto|frete|mensagem)s?\b/;

const COPULA = String.raw`(?:esta|estao|ta|tao|foi|foram|ficou|ficaram|fica|ficam|ja\s+esta|continua|segue)`;

interface Pattern {
  kind: BookingClaim;
  state: boolean;
  re: RegExp;
  bare?: boolean;
}

const PATTERNS: Pattern[] = [
  // Moved (before booked: 'remarcado' contains 'marcado').
  { kind: 'moved', state: false, re: /\b(?:remarquei|reagendei)\b/ },
  {
    kind: 'moved',
    state: false,
    re: new RegExp(String.raw`\b(?:mudei|troquei|transferi|passei)\s+(?:o\s+|a\s+|seu\s+|sua\s+)${APPOINTMENT}`),
  },
  { kind: 'moved', state: false, re: new RegExp(String.raw`\b${COPULA}\s+(?:remarcad|reagendad)[oa]s?\b`) },
  {
    kind: 'moved',
    state: false,
    re: new RegExp(String.raw`\b(?:remarcad|reagendad)[oa]s?\b${GAP}\s+(?:para|pra|p/)\s+${WHEN}`),
  },
  {
    kind: 'moved',
    state: false,
    re: new RegExp(String.raw`^(?:pronto|prontinho|feito|tudo certo|certo|ok)?[\s,!]*(?:remarcad|reagendad)[oa]s?\b`),
  },
  {
    kind: 'moved',
    state: false,
    re: new RegExp(
      String.raw`\b${APPOINTMENT}\s+(?:foi\s+|ficou\s+|esta\s+)?(?:alterad|transferid|mudad|trocad)[oa]\b`,
    ),
  },
  // Cancelled.
  { kind: 'cancelled', state: false, re: /\b(?:cancelei|desmarquei)\b/ },
  { kind: 'cancelled', state: false, re: new RegExp(String.raw`\b${COPULA}\s+(?:cancelad|desmarcad)[oa]s?\b`) },
  { kind: 'cancelled', state: false, re: new RegExp(String.raw`\b${APPOINTMENT}\s+(?:cancelad|desmarcad)[oa]s?\b`) },
  {
    kind: 'cancelled',
    state: false,
    re: new RegExp(String.raw`^(?:pronto|prontinho|feito|tudo certo|certo|ok)?[\s,!]*(?:cancelad|desmarcad)[oa]s?\b`),
  },
  // Booked.
  { kind: 'booked', state: false, re: /\b(?:agendei|marquei|reservei|encaixei)\b/ },
  {
    kind: 'booked',
    state: false,
    re: new RegExp(String.raw`\b(?:foi|foram|ficou|ficaram)\s+(?:agendad|marcad|reservad)[oa]s?\b`),
  },
  {
    kind: 'booked',
    state: false,
    re: new RegExp(
      String.raw`\b(?:agendamento|reserva|marcacao)\s+(?:foi\s+)?(?:feit|realizad|efetuad|concluid)[oa]\b`,
    ),
  },
  {
    kind: 'booked',
    state: false,
    re: new RegExp(
      String.raw`^(?:pronto|prontinho|feito|tudo certo|certo|ok)?[\s,!]*(?:agendad|marcad|reservad)[oa]s?\b`,
    ),
  },
  {
    kind: 'booked',
    state: true,
    re: new RegExp(
      String.raw`\b(?:esta|estao|ta|tao|fica|ficam|ja\s+esta|continua|segue)\s+(?:(?:bem|tudo)\s+)?(?:agendad|marcad|reservad)[oa]s?\b`,
    ),
  },
  {
    kind: 'booked',
    state: true,
    re: new RegExp(String.raw`\b(?:agendad|marcad|reservad)[oa]s?\b${GAP}\s+(?:para|pra|p/)\s+${WHEN}`),
  },
  {
    kind: 'booked',
    state: true,
    re: new RegExp(String.raw`\b${APPOINTMENT}\b[^.!?;]{0,40}\b(?:esta\s+|foi\s+|ficou\s+|ta\s+)?confirmad[oa]s?\b`),
  },
  { kind: 'booked', state: true, re: new RegExp(String.raw`\bconfirmad[oa]s?\b${GAP}\s+(?:para|pra|p/)\s+${WHEN}`) },
  {
    kind: 'booked',
    state: true,
    bare: true,
    re: new RegExp(
      String.raw`^(?!.*${NOT_APPOINTMENT.source})(?:sim|pronto|prontinho|tudo certo|certo|ok|perfeito|otimo)?[\s,!]*(?:(?:ja\s+)?${COPULA}\s+)?(?:tudo\s+)?confirmad[oa]s?\b`,
    ),
  },
  {
    kind: 'booked',
    state: true,
    re: new RegExp(
      String.raw`\b(?:voce|vc)\s+(?:ja\s+)?tem\s+(?:um\s+)?${APPOINTMENT}\s+(?:marcad|agendad|reservad|confirmad)[oa]`,
    ),
  },
];

/** 'não', 'ainda não', 'nunca', 'nem' shortly before the claim. */
const NEGATION = /\b(?:nao|nunca|nem|sem)\s+(?:\S+\s+){0,3}$/;
/** A condition or a wish before the claim: 'se você confirmar, fica agendado', 'quer que fique marcado'. */
const CONDITION =
  /\b(?:se|caso|assim\s+que|quando|depois\s+que|apos|logo\s+que|para\s+que|pra\s+que|antes\s+de|quer\s+que|posso|pode|podemos|gostaria)\b/;
/** A tag question at the end turns a question back into a statement: 'ficou agendado, ok?'. */
const TAG_QUESTION = /,?\s*(?:ok|certo|tudo\s+bem|combinado|beleza|blz|ta\s+bom|viu|ne)\s*\?+\s*$/;

/** The answer's sentences, each with whether it asks. */
function sentencesOf(text: string): { raw: string; folded: string; asks: boolean }[] {
  const parts = text.match(/[^.!?\n]+[.!?]*/g) ?? [];
  return parts
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => {
      let folded = fold(raw).replace(/[*_~]/g, '');
      const tag = TAG_QUESTION.test(folded);
      if (tag) folded = folded.replace(TAG_QUESTION, '.');
      return { raw, folded, asks: !tag && /\?\s*$/.test(folded) };
    });
}

/**
 * A word every pattern above needs (its verb, participle or 'confirmad'): an answer without any — most
 * answers — makes no claim, and is not cut into sentences nor read by each pattern (this runs on every
 * answer; docs/performance.md, "The reply path against the round's base"). Read on the folded text.
 */
const MAY_CLAIM =
  /remarq|reagend|cancel|desmarc|desmarq|agend|marc|marq|reserv|encaix|confirmad|mudei|troquei|transferi|passei|alterad|mudad|trocad/;

/** The claims an answer makes (each kind once, the first sentence that makes it). */
export function bookingClaims(text: string): ClaimFound[] {
  if (!MAY_CLAIM.test(fold(text).replace(/[*_~]/g, ''))) return [];
  const found = new Map<BookingClaim, ClaimFound>();
  for (const s of sentencesOf(text)) {
    if (s.asks) continue;
    for (const p of PATTERNS) {
      if (found.get(p.kind)?.state === false) continue;
      const m = p.re.exec(s.folded);
      if (!m) continue;
      const before = s.folded.slice(0, m.index);
      if (NEGATION.test(before) || CONDITION.test(before) || NOT_APPOINTMENT.test(before)) continue;
      const prev = found.get(p.kind);
      if (!prev || (prev.state && !p.state) || (prev.bare && !p.bare))
        found.set(p.kind, {
          kind: p.kind,
          state: p.state,
          sentence: s.raw,
          pending: PENDING.test(s.folded) && !/confirmad/.test(s.folded),
          bare: p.bare === true,
        });
    }
  }
  return [...found.values()];
}
