import type { ConversationWindow } from '@vendai/contracts';
import { notFound } from '../../../lib/app-error.ts';
import {
  closedByMeta,
  freeTextAllowed,
  windowApplies,
  windowClosesAt,
} from '../../../domain/conversation-rules/service-window.ts';
import { metaAgentHolds } from '../../../domain/conversation-rules/meta-agent-holds.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { selectConversationWindow } from './sending-repository.ts';

/**
 * GET /api/conversations/:id/window: whether the owner may write free text to this conversation now
 * (domain/conversation-rules/service-window.ts, decisions 041 and 054: Meta's #131047 closes it until the
 * customer writes again), and whether Meta's own agent holds the thread (standby). Another account's
 * conversation is 404.
 */
export async function getConversationWindow(
  deps: Pick<EngineDeps, 'db'>,
  input: { accountId: string; convId: string },
  now = new Date(),
): Promise<ConversationWindow> {
  const [row] = await selectConversationWindow(deps.db, input.accountId, input.convId);
  if (!row) throw notFound();
  const closesAt = windowClosesAt(row);
  return {
    applies: windowApplies(row.provider),
    customerLastAt: row.customerLastAt ? row.customerLastAt.toISOString() : null,
    closesAt: closesAt ? closesAt.toISOString() : null,
    open: freeTextAllowed(row, now),
    closedByMeta: closedByMeta(row),
    metaAgentHolds: metaAgentHolds(row),
  };
}
