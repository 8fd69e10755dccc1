import { and, eq } from 'drizzle-orm';
import type { ConversationWindow } from '@vendai/contracts';
import { conversations, numbers } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { freeTextAllowed, windowApplies, windowClosesAt } from '../../../domain/conversation-rules/service-window.ts';
import type { EngineDeps } from '../engine-deps.ts';

/**
 * GET /api/conversations/:id/window: whether the owner may write free text to this conversation now
 * (domain/conversation-rules/service-window.ts, decision 041). Another account's conversation is 404.
 */
export async function getConversationWindow(
  deps: Pick<EngineDeps, 'db'>,
  input: { userId: string; convId: string },
  now = new Date(),
): Promise<ConversationWindow> {
  const [row] = await deps.db
    .select({ provider: numbers.provider, customerLastAt: conversations.customerLastAt })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, input.convId), eq(conversations.userId, input.userId)))
    .limit(1);
  if (!row) throw notFound();
  const closesAt = windowClosesAt(row);
  return {
    applies: windowApplies(row.provider),
    customerLastAt: row.customerLastAt ? row.customerLastAt.toISOString() : null,
    closesAt: closesAt ? closesAt.toISOString() : null,
    open: freeTextAllowed(row, now),
  };
}
