import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import type { ContextMessage } from '../ai-reply/history.ts';
import { type AllowedAmounts, ownerTextAmounts } from '../price-guard/check-reply.ts';
import { conversationAllowance } from '../price-guard/conversation-allowance.ts';
import type { ItemInPlay } from '../price-guard/true-amounts.ts';
import { catalogueFacts } from './catalogue-facts.ts';
import { factQueryOf } from './fact-query.ts';
import { knowledgeFacts } from './knowledge-facts.ts';
import { type FactLookup, factLookup } from './lookup-facts.ts';
import { type AnswerItem, findGuardSettings, findLatestOrders } from './reply-facts-repository.ts';
import type { FactProvider, FactSource, FactTools } from './fact-source.ts';

/**
 * Where the business's facts come from, in the order the AI reads them: the catalogue, then the
 * knowledge base's passages (docs/decisions/025-catalogue-and-price-guard.md).
 */
const FACT_PROVIDERS: readonly FactProvider[] = [catalogueFacts, knowledgeFacts];

/** What the price guard checks an answer against (docs/decisions/025-catalogue-and-price-guard.md). */
export interface GuardFacts {
  allowed: AllowedAmounts;
  /** What the customer gets when the AI quoted an unknown amount twice (the agent's text). */
  fallbackText: string;
}

/** The facts of one reply: what the AI is given, and (on demand) what the price guard allows. */
export interface ReplyFacts {
  sources: FactSource[];
  /**
   * The guard's facts, read from the database on the first call only: most answers quote no amount and
   * offer no discount, and those pass the guard without them (guard-reply.ts).
   */
  guard(): Promise<GuardFacts>;
  /**
   * Adds the sources the AI looked up itself (tool calls, decision 027) to `sources`, once each: they
   * count like the retrieved ones (photos, facts used, a product's discount rule).
   */
  learn(found: readonly FactSource[]): void;
  /** The account's lookups for the AI's tool calls (lookup-facts.ts). */
  lookup: FactLookup;
}

export interface FactsAgent {
  id: string;
  systemPrompt: string;
  respostas: AnswerItem[];
}

/** The agent's price-guard rules (no row: the defaults). */
async function agentGuardSettings(db: Db, accountId: string, agentId: string) {
  const row = await findGuardSettings(db, accountId, agentId);
  return {
    fallbackText: row?.fallbackText?.trim() || PRICE_FALLBACK_DEFAULT,
    allowsDiscounts: row?.allowsDiscounts ?? false,
  };
}

/** The conversation's latest orders: their declared totals and lines (decision 047). */
async function conversationOrders(db: Db, accountId: string, convId: string | undefined) {
  if (!convId) return [];
  return findLatestOrders(db, accountId, convId);
}

/** The products among the facts, as the guard reads them (a named item's amounts may be summed). */
export const itemsInPlay = (sources: readonly FactSource[]): ItemInPlay[] =>
  sources
    .filter((s) => s.kind === 'product' && s.amounts?.length)
    .map((s) => ({ id: s.id, name: s.label.replace(/^Catálogo: /, ''), cents: s.amounts! }));

/**
 * The amounts the guard allows: every amount of every provider for the account (not only the
 * retrieved ones) plus the amounts the owner wrote in the agent's training answers and prompt; and what
 * makes a total true (docs/decisions/047-price-guard-amounts.md): the conversation's quantities, the
 * items it names, its orders' totals.
 */
async function loadGuardFacts(
  db: Db,
  accountId: string,
  agent: FactsAgent,
  sources: FactSource[],
  recent: readonly ContextMessage[],
  convId: string | undefined,
): Promise<GuardFacts> {
  const [amounts, settings, placed] = await Promise.all([
    Promise.all(FACT_PROVIDERS.map((p) => p.amounts(db, accountId))),
    agentGuardSettings(db, accountId, agent.id),
    conversationOrders(db, accountId, convId),
  ]);
  const owner = ownerTextAmounts([agent.systemPrompt, ...agent.respostas.map((r) => r.resposta)].join('\n'));
  const conversation = conversationAllowance({
    conversation: recent.map((m) => m.content ?? '').join('\n'),
    items: itemsInPlay(sources),
    fees: [...owner.cents, ...amounts.filter((_, k) => FACT_PROVIDERS[k] !== catalogueFacts).flatMap((a) => a.cents)],
    orders: placed,
  });
  return {
    allowed: {
      ...conversation,
      cents: new Set([...owner.cents, ...amounts.flatMap((a) => a.cents)]),
      percents: new Set([...owner.percents, ...amounts.flatMap((a) => a.percents)]),
      discountsAllowed:
        settings.allowsDiscounts ||
        owner.offersDiscount ||
        amounts.some((a) => a.offersDiscount) ||
        sources.some((s) => s.allowsDiscount),
    },
    fallbackText: settings.fallbackText,
  };
}

/**
 * The business's facts for an answer to the customer's recent messages (the same for WhatsApp and the
 * playground): the relevant sources of every provider now, the guard's facts when first asked for.
 */
export async function loadReplyFacts(
  db: Db,
  accountId: string,
  agent: FactsAgent,
  recentNewestFirst: readonly ContextMessage[],
  tools: FactTools = {},
): Promise<ReplyFacts> {
  const query = factQueryOf(recentNewestFirst);
  const sources = (await Promise.all(FACT_PROVIDERS.map((p) => p.find(db, accountId, query, tools)))).flat();
  let guard: Promise<GuardFacts> | undefined;
  return {
    sources,
    guard: () => (guard ??= loadGuardFacts(db, accountId, agent, sources, recentNewestFirst, tools.convId)),
    lookup: factLookup(db, accountId, tools),
    learn(found) {
      for (const f of found) if (!sources.some((s) => s.kind === f.kind && s.id === f.id)) sources.push(f);
    },
  };
}
