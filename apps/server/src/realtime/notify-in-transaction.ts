import { type RealtimeEvent, realtimeEventSchema } from '@vendai/contracts';
import type { Db } from '../db/client.ts';
import { notifyRealtimePayload } from './notify-repository.ts';
import { encodeEnvelope } from './wire-format.ts';

/**
 * Publishes `event` from inside a database transaction: PostgreSQL delivers it at the commit, to every
 * process, before the notifications of any transaction that commits later (and never if it rolls back).
 * For an event that must come before everything after a change, such as a member's removal closing
 * their sockets (docs/decisions/051-verified-email-and-membership-end.md); other events go through
 * RealtimeHub.publish after the commit.
 */
export async function notifyInTransaction(tx: Db, accountId: string, event: RealtimeEvent): Promise<void> {
  realtimeEventSchema.parse(event);
  for (const payload of encodeEnvelope(accountId, event)) await notifyRealtimePayload(tx, payload);
}
