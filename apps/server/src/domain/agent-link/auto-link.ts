import type { Db } from '../../db/client.ts';
import { linkAgentToFreeNumber, selectOwnAgentsForLink, selectOwnNumbersForLink } from './agent-link-repository.ts';

/**
 * The obvious number↔agent link (docs/decisions/013-first-run-auto-link.md, first run): a new owner should not have to find the agent
 * picker to get the first AI answer. Only when there is exactly one sensible choice; anything else is
 * the owner's decision (the finish screen, the lists and the inbox offer the link).
 * Shared by the training module (new agent) and the numbers module (new number), hence in domain/.
 */

/** A new agent goes to the owner's only number, when that number has no agent yet. */
export function numberForNewAgent(owned: readonly { id: string; agente: string | null }[]): string | null {
  return owned.length === 1 && owned[0]!.agente === null ? owned[0]!.id : null;
}

/** A new number gets the owner's only agent, when that agent is active. */
export function agentForNewNumber(owned: readonly { id: string; active: boolean }[]): string | null {
  return owned.length === 1 && owned[0]!.active ? owned[0]!.id : null;
}

/** Links a just-created agent by the rule above; returns the number it now answers on, or null. Call inside the creating transaction. */
export async function linkNewAgentIfObvious(db: Db, accountId: string, agentId: string): Promise<string | null> {
  const owned = await selectOwnNumbersForLink(db, accountId);
  const numberId = numberForNewAgent(owned);
  if (!numberId) return null;
  return (await linkAgentToFreeNumber(db, accountId, numberId, agentId)) ? numberId : null;
}

/** Links a just-created number by the rule above; returns the agent it now uses, or null. Call inside the creating transaction. */
export async function linkNewNumberIfObvious(db: Db, accountId: string, numberId: string): Promise<string | null> {
  const owned = await selectOwnAgentsForLink(db, accountId);
  const agentId = agentForNewNumber(owned);
  if (!agentId) return null;
  return (await linkAgentToFreeNumber(db, accountId, numberId, agentId)) ? agentId : null;
}
