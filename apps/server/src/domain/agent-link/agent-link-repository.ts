import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, numbers } from '../../db/schema/index.ts';

/** Up to two of the owner's numbers with their agent: enough to tell "exactly one" (auto-link.ts). */
export async function selectOwnNumbersForLink(
  db: Db,
  accountId: string,
): Promise<{ id: string; agente: string | null }[]> {
  return db
    .select({ id: numbers.id, agente: numbers.agente })
    .from(numbers)
    .where(eq(numbers.userId, accountId))
    .limit(2);
}

/** Up to two of the owner's agents with whether they are active. */
export async function selectOwnAgentsForLink(db: Db, accountId: string): Promise<{ id: string; active: boolean }[]> {
  return db
    .select({ id: agentes.id, active: agentes.active })
    .from(agentes)
    .where(eq(agentes.userId, accountId))
    .limit(2);
}

/** Sets the number's agent when the number is the owner's and has none yet; true when it did. */
export async function linkAgentToFreeNumber(
  db: Db,
  accountId: string,
  numberId: string,
  agentId: string,
): Promise<boolean> {
  const [updated] = await db
    .update(numbers)
    .set({ agente: agentId, updatedAt: new Date() })
    .where(and(eq(numbers.id, numberId), eq(numbers.userId, accountId), isNull(numbers.agente)))
    .returning({ id: numbers.id });
  return updated !== undefined;
}
