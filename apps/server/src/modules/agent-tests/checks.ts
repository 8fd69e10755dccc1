import { type AgentTestCheck, type AgentTestExpectation, formatCents } from '@vendai/contracts';
import { normalise } from '@vendai/contracts/answer-text';
import { type AllowedAmounts, checkReply } from '../../domain/price-guard/check-reply.ts';
import type { BlockedVerdict } from '../../domain/price-guard/guard-reply.ts';

/**
 * The deterministic and structured checks of an agent's test reply (docs/decisions/039-agent-tests.md).
 * Pure: the reply, its flags, what the price guard did and the business's amounts in; the checks, each
 * labelled in plain Portuguese, out.
 */

export interface ReplyFlags {
  handoff: boolean;
  needsOwner: boolean;
  hotLead: boolean;
  /** No answer at all (the conversation rules stopped the AI: the customer asked to leave). */
  silent: boolean;
}

export interface CheckedReply {
  reply: string;
  flags: ReplyFlags;
  /** The price guard held the AI's answer back (the customer would have got the fallback text). */
  blocked: BlockedVerdict | null;
}

/** Accents, case and repeated spaces ignored: 'Pix' matches 'PIX', 'entrega grátis' matches 'Entrega  gratis'. */
const comparable = (text: string) => normalise(text).replace(/\s+/g, ' ').trim();

const check = (
  kind: AgentTestCheck['kind'],
  label: string,
  passed: boolean,
  detail: string | null = null,
): AgentTestCheck => ({ kind, label, passed, detail: passed ? null : detail });

function containChecks(reply: string, e: AgentTestExpectation): AgentTestCheck[] {
  const text = comparable(reply);
  return [
    ...e.mustContain.map((w) =>
      check('deterministico', `Deve conter “${w}”`, text.includes(comparable(w)), `A resposta não fala em “${w}”.`),
    ),
    ...e.mustNotContain.map((w) =>
      check('deterministico', `Não pode conter “${w}”`, !text.includes(comparable(w)), `A resposta fala em “${w}”.`),
    ),
  ];
}

/** The price guard's rule, on the reply the customer would get and on what the AI tried before the guard. */
function amountChecks(r: CheckedReply, e: AgentTestExpectation, allowed: AllowedAmounts): AgentTestCheck[] {
  const verdict = checkReply(r.reply, allowed);
  const unknown = [...(verdict.ok ? [] : verdict.unknownCents), ...(r.blocked?.unknownCents ?? [])];
  const discount = (!verdict.ok && verdict.discount) || (r.blocked?.discount ?? false);
  const tried = r.blocked ? ' (o guarda de preços segurou a resposta da IA)' : '';
  return [
    ...(e.onlyKnownAmounts
      ? [
          check(
            'deterministico',
            'Nenhum valor fora do catálogo',
            unknown.length === 0,
            `A IA citou ${[...new Set(unknown)].map(formatCents).join(', ')}, que não está no catálogo${tried}.`,
          ),
        ]
      : []),
    ...(e.noUnallowedDiscount
      ? [
          check(
            'deterministico',
            'Nenhum desconto sem autorização',
            !discount,
            `A IA ofereceu um desconto que você não autorizou${tried}.`,
          ),
        ]
      : []),
  ];
}

export function deterministicChecks(
  r: CheckedReply,
  e: AgentTestExpectation,
  allowed: AllowedAmounts,
): AgentTestCheck[] {
  return [
    ...containChecks(r.reply, e),
    ...(e.maxLength
      ? [
          check(
            'deterministico',
            `No máximo ${e.maxLength} caracteres`,
            r.reply.length <= e.maxLength,
            `A resposta tem ${r.reply.length} caracteres.`,
          ),
        ]
      : []),
    ...amountChecks(r, e, allowed),
  ];
}

const FLAG_TEXT: Record<keyof ReplyFlags, [yes: string, no: string]> = {
  handoff: ['Passa o atendimento para uma pessoa', 'Não passa para uma pessoa'],
  needsOwner: ['Avisa o dono que falta uma informação', 'Não precisa chamar o dono'],
  hotLead: ['Marca o cliente como pronto para comprar', 'Não marca como pronto para comprar'],
  silent: ['Para de responder', 'Responde o cliente'],
};

export function structuredChecks(flags: ReplyFlags, e: AgentTestExpectation): AgentTestCheck[] {
  return (Object.keys(FLAG_TEXT) as (keyof ReplyFlags)[]).flatMap((key) => {
    const expected = e[key];
    if (expected === null) return [];
    const [yes, no] = FLAG_TEXT[key];
    return [
      check(
        'estruturado',
        expected ? yes : no,
        flags[key] === expected,
        expected ? 'A resposta não fez isso.' : 'A resposta fez isso sem precisar.',
      ),
    ];
  });
}
