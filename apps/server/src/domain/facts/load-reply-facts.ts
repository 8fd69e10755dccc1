import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AnswerItem, priceGuardSettings } from '../../db/schema/index.ts';
import type { ContextMessage } from '../ai-reply/history.ts';
import { type AllowedAmounts, ownerTextAmounts } from '../price-guard/check-reply.ts';
import { catalogueFacts } from './catalogue-facts.ts';
import { factQueryOf } from './fact-query.ts';
import { knowledgeFacts } from './knowledge-facts.ts';
import { type FactLookup, factLookup } from './lookup-facts.ts';
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
async function agentGuardSettings(db: Db, userId: string, agentId: string) {
  const [row] = await db
    .select({ fallbackText: priceGuardSettings.fallbackText, allowsDiscounts: priceGuardSettings.allowsDiscounts })
    .from(priceGuardSettings)
    .where(and(eq(priceGuardSettings.agentId, agentId), eq(priceGuardSettings.userId, userId)));
  return {
    fallbackText: row?.fallbackText?.trim() || PRICE_FALLBACK_DEFAULT,
    allowsDiscounts: row?.allowsDiscounts ?? false,
  };
}

/**
 * The amounts the guard allows: every amount of every provider for the account (not only the
 * retrieved ones) plus the amounts the owner wrote in the agent's training answers and prompt.
 */
async function loadGuardFacts(db: Db, userId: string, agent: FactsAgent, sources: FactSource[]): Promise<GuardFacts> {
  const [amounts, settings] = await Promise.all([
    Promise.all(FACT_PROVIDERS.map((p) => p.amounts(db, userId))),
    agentGuardSettings(db, userId, agent.id),
  ]);
  const owner = ownerTextAmounts([agent.systemPrompt, ...agent.respostas.map((r) => r.resposta)].join('\n'));
  return {
    allowed: {
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
  userId: string,
  agent: FactsAgent,
  recentNewestFirst: readonly ContextMessage[],
  tools: FactTools = {},
): Promise<ReplyFacts> {
  const query = factQueryOf(recentNewestFirst);
  const sources = (await Promise.all(FACT_PROVIDERS.map((p) => p.find(db, userId, query, tools)))).flat();
  let guard: Promise<GuardFacts> | undefined;
  return {
    sources,
    guard: () => (guard ??= loadGuardFacts(db, userId, agent, sources)),
    lookup: factLookup(db, userId, tools),
    learn(found) {
      for (const f of found) if (!sources.some((s) => s.kind === f.kind && s.id === f.id)) sources.push(f);
    },
  };
}
