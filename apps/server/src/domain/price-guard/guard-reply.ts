import { formatCents } from '@vendai/contracts';
import type { ChatRequest, Llm } from '../../integrations/llm/llm.ts';
import { parseStructuredReply, type ReplyOrder, type StructuredReply } from '../ai-reply/structured-reply.ts';
import type { ReplyFacts } from '../facts/load-reply-facts.ts';
import { type AllowedAmounts, checkReply, type GuardVerdict } from './check-reply.ts';

/** The owner's alert when the guard held an answer back (the 'needs_owner' kind, decision 015). */
export const PRICE_GUARD_ALERT = 'A IA tentou informar um preço que não está no catálogo';

/**
 * Nothing allowed: an answer that passes against this quotes no amount and offers no discount, so it
 * passes against any business's amounts (allowing more never blocks more), without reading them.
 */
const NOTHING_ALLOWED: AllowedAmounts = { cents: new Set(), percents: new Set(), discountsAllowed: false };

export type BlockedVerdict = Extract<GuardVerdict, { ok: false }>;

export interface GuardOutcome {
  /**
   * What may be sent: the AI's answer, its second attempt, or the agent's fallback text — then flagged
   * `needsOwner` with the alert's text, so the owner alert goes through the usual path (decision 015).
   */
  answer: StructuredReply;
  /** The AI's second attempt was asked for. */
  retried: boolean;
  /** Set when the fallback replaced the AI's answer (the owner is alerted). */
  blocked: BlockedVerdict | null;
}

/**
 * The amounts allowed for an answer that carries an order: its quantities and the ordered items' amounts
 * make the order's total true (docs/decisions/047-price-guard-amounts.md).
 */
export function allowedWithOrder(allowed: AllowedAmounts, order: ReplyOrder | null | undefined): AllowedAmounts {
  if (!order?.items.length) return allowed;
  const ids = new Set(order.items.map((i) => i.id));
  return {
    ...allowed,
    quantities: [...(allowed.quantities ?? []), ...order.items.map((i) => i.quantity)],
    related: [
      ...(allowed.related ?? []),
      ...(allowed.items ?? []).filter((i) => i.id && ids.has(i.id)).flatMap((i) => i.cents),
    ],
  };
}

/**
 * The second request after a held-back answer: the same request, the rejected answer, and why it
 * cannot be sent (docs/decisions/025-catalogue-and-price-guard.md).
 */
export function retryRequest(request: ChatRequest, rejected: string, reason: string): ChatRequest {
  return {
    ...request,
    messages: [
      ...request.messages,
      { role: 'assistant', content: rejected },
      {
        role: 'system',
        content: `Essa resposta não foi enviada ao cliente. ${reason} Responda de novo ao cliente, no mesmo formato.`,
      },
    ],
  };
}

/**
 * Every answer passes here before it is sent (engine and playground): an answer with an amount that is
 * not among the business's amounts, or a discount the owner did not allow, is not sent; the AI is
 * asked once more with the reason (`askAgain`); if that fails too (or the AI gives nothing), the
 * customer gets the agent's fallback text. Answers without amounts pass untouched.
 */
export async function guardReply(
  first: StructuredReply,
  facts: Pick<ReplyFacts, 'guard'>,
  askAgain: (reason: string) => Promise<StructuredReply | null>,
): Promise<GuardOutcome> {
  if (checkReply(first.reply, NOTHING_ALLOWED).ok) return { answer: first, retried: false, blocked: null };
  const { allowed, fallbackText } = await facts.guard();
  const verdict = checkReply(first.reply, allowedWithOrder(allowed, first.order));
  if (verdict.ok) return { answer: first, retried: false, blocked: null };
  const second = await askAgain(verdict.reason).catch(() => null);
  const again =
    second && second.reply.trim() ? checkReply(second.reply, allowedWithOrder(allowed, second.order)) : verdict;
  if (second && again.ok) return { answer: second, retried: true, blocked: null };
  const blocked = again.ok ? verdict : again;
  return {
    answer: {
      reply: fallbackText,
      handoff: null,
      needsOwner: { reason: priceGuardAlertWhy(blocked) },
      hotLead: false,
      // An order is ids and quantities, priced from the catalogue (decision 038): a wrong amount in the
      // text does not lose the customer's confirmed order.
      order: second?.order ?? first.order ?? null,
    },
    retried: true,
    blocked,
  };
}

/**
 * The guard with the AI asked again through `llm` (one attempt, no provider retries: a failure
 * there sends the fallback text). The engine and the playground both call this.
 */
export function guardAnswer(
  llm: Llm,
  request: ChatRequest,
  first: StructuredReply,
  facts: Pick<ReplyFacts, 'guard'>,
): Promise<GuardOutcome> {
  return guardReply(first, facts, async (reason) =>
    parseStructuredReply((await llm.complete({ ...retryRequest(request, first.reply, reason), maxRetries: 0 })) ?? ''),
  );
}

/** The owner's alert text for a held-back answer: which amounts the AI tried. */
export function priceGuardAlertWhy(blocked: BlockedVerdict): string {
  const what = blocked.unknownCents.length
    ? ` (${blocked.unknownCents.map(formatCents).join(', ')})`
    : blocked.discount
      ? ' (um desconto não autorizado)'
      : '';
  return `${PRICE_GUARD_ALERT}${what}. O cliente recebeu a mensagem de confirmação; responda você.`;
}
