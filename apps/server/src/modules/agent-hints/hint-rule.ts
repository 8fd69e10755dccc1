import type { AgentHint } from '@vendai/contracts';

/** What the rule reads about one agent over the last HINT_WINDOW_DAYS (hints-repository.ts). */
export interface AgentHintFacts {
  agentId: string;
  agentName: string;
  followUpsOn: boolean;
  approvalOn: boolean;
  /** Conversations whose last message is the AI's answer with a price, a day or more ago, unanswered. */
  quietAfterPrice: number;
  /** The AI's messages the price guard replaced with the owner's fallback (outbound_audit rule price_guard). */
  priceGuardReplaced: number;
}

/** How far back the facts look. */
export const HINT_WINDOW_DAYS = 14;
/** An AI answer with a price left unanswered this long counts as the customer going quiet. */
export const QUIET_AFTER_HOURS = 24;
/** Quiet customers after a price that make follow-ups worth pointing to. */
export const QUIET_AFTER_PRICE_MIN = 3;
/** Replies the price guard had to replace that make approval worth pointing to. */
export const PRICE_GUARD_REPLACED_MIN = 2;

/**
 * The hints for the inbox and Resultados (docs/decisions/065-agent-tabs-hints-and-judge.md), a pure rule:
 * - 'follow-up' when the agent's follow-ups are off and at least QUIET_AFTER_PRICE_MIN customers went
 *   quiet after the AI gave a price (a follow-up is what brings them back);
 * - 'approval' when approval is off and the price guard replaced at least PRICE_GUARD_REPLACED_MIN of the
 *   AI's replies (with approval, the owner sees such a reply before the customer does).
 * A hint the member closed for that agent is not given again; the follow-up hint comes first.
 */
export function decideAgentHints(facts: AgentHintFacts[], dismissed: ReadonlySet<string>): AgentHint[] {
  const hints: AgentHint[] = [];
  for (const f of facts) {
    const base = { agentId: f.agentId, agentName: f.agentName, days: HINT_WINDOW_DAYS };
    if (!f.followUpsOn && f.quietAfterPrice >= QUIET_AFTER_PRICE_MIN)
      hints.push({ ...base, kind: 'follow-up', count: f.quietAfterPrice });
    if (!f.approvalOn && f.priceGuardReplaced >= PRICE_GUARD_REPLACED_MIN)
      hints.push({ ...base, kind: 'approval', count: f.priceGuardReplaced });
  }
  return hints
    .filter((h) => !dismissed.has(dismissalKey(h.agentId, h.kind)))
    .sort((a, b) => (a.kind === b.kind ? b.count - a.count : a.kind === 'follow-up' ? -1 : 1));
}

/** The key of a closed hint in the set decideAgentHints reads. */
export const dismissalKey = (agentId: string, kind: AgentHint['kind']) => `${agentId}:${kind}`;
