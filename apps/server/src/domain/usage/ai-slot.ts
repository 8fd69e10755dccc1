import type { Db } from '../../db/client.ts';
import { decrementMonthlyAiMessages, incrementMonthlyAiMessages } from './allowance-repository.ts';
import { monthStart } from './get-current-usage.ts';

/**
 * A slot of the free plan's monthly AI messages, claimed before the AI writes: the engine's replies
 * and the follow-ups' touches take it the same way (docs/decisions/046-one-door-out.md, "Spend").
 */
export interface AiSlot {
  userId: string;
  month: string;
}

/**
 * Claims one of the free plan's AI messages for this month, atomically in the database (docs/decisions/010-input-hardening.md
 * item 4): a conditional increment that only succeeds below the limit, so concurrent writers at the
 * edge never overshoot it (the row lock orders them). Null when the limit is reached. The message
 * counts from here on; it is given back (releaseAiSlot) when nothing is sent after all.
 */
export async function reserveAiSlot(
  db: Db,
  accountId: string,
  maxAiMessages: number,
  now = new Date(),
): Promise<AiSlot | null> {
  const month = monthStart(now).toISOString().slice(0, 10);
  return (await incrementMonthlyAiMessages(db, accountId, month, maxAiMessages)) ? { userId: accountId, month } : null;
}

/** Gives a claimed slot back: the message was not sent (the AI failed, a newer message superseded it, the gateway refused it). */
export async function releaseAiSlot(db: Db, slot: AiSlot): Promise<void> {
  await decrementMonthlyAiMessages(db, slot.userId, slot.month);
}
