import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, numbers } from '../../db/schema/index.ts';

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
export async function linkNewAgentIfObvious(db: Db, userId: string, agentId: string): Promise<string | null> {
  const owned = await db
    .select({ id: numbers.id, agente: numbers.agente })
    .from(numbers)
    .where(eq(numbers.userId, userId))
    .limit(2);
  const numberId = numberForNewAgent(owned);
  if (!numberId) return null;
  const [updated] = await db
    .update(numbers)
    .set({ agente: agentId, updatedAt: new Date() })
    .where(and(eq(numbers.id, numberId), eq(numbers.userId, userId), isNull(numbers.agente)))
    .returning({ id: numbers.id });
  return updated?.id ?? null;
}

/** Links a just-created number by the rule above; returns the agent it now uses, or null. Call inside the creating transaction. */
export async function linkNewNumberIfObvious(db: Db, userId: string, numberId: string): Promise<string | null> {
  const owned = await db
    .select({ id: agentes.id, active: agentes.active })
    .from(agentes)
    .where(eq(agentes.userId, userId))
    .limit(2);
  const agentId = agentForNewNumber(owned);
  if (!agentId) return null;
  const [updated] = await db
    .update(numbers)
    .set({ agente: agentId, updatedAt: new Date() })
    .where(and(eq(numbers.id, numberId), eq(numbers.userId, userId), isNull(numbers.agente)))
    .returning({ id: numbers.id });
  return updated ? agentId : null;
}
