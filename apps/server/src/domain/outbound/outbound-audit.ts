import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import { findOrigins, insertAuditRecords, type OutboundOutcome } from './outbound-audit-repository.ts';
import type { OutboundOrigin } from './outbound-origin.ts';
import type { OutboundRule } from './outbound-rules.ts';

/** What the audit record says of one message (docs/decisions/046-one-door-out.md, "The audit record"). */
export interface OutboundAuditEntry {
  origin: OutboundOrigin;
  outcome: OutboundOutcome;
  /** The rule that changed it (sent) or stopped, held or deferred it. */
  rule?: OutboundRule | null;
  /** The stored message: its account and conversation are read from it. */
  messageId?: string | null;
  userId?: string | null;
  convId?: string | null;
  detail?: string | null;
}

/**
 * Records are written at most this often, many in one statement (group commit, lib/batcher.ts): the
 * send is done by then, so nothing waits for it but the caller's own bookkeeping; on the reply path an
 * insert per part was a statement per answered message (docs/performance.md).
 */
export const AUDIT_GAP_MS = 25;

const MAX_BATCH = 200;

/** One writer per database handle: every path's records share its batches. */
const writers = new WeakMap<Db, Batcher<TimedEntry, void>>();

/** An entry with the moment it happened (its batch is written a little later). */
type TimedEntry = OutboundAuditEntry & { at: Date };

function writerFor(db: Db): Batcher<TimedEntry, void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createBatcher<TimedEntry, void>({
      maxItems: MAX_BATCH,
      minGapMs: AUDIT_GAP_MS,
      run: async (entries) => {
        try {
          await insertAuditRecords(db, entries);
        } catch (err) {
          // One bad record (its account erased meanwhile) must not lose the others: each on its own.
          if (entries.length === 1) throw err;
          for (const e of entries) await insertAuditRecords(db, [e]).catch(() => undefined);
        }
        return entries.map(() => undefined);
      },
    });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Writes one audit record; resolves once it is stored. Never fatal: a message is not held back (nor
 * sent twice) because its record could not be written; the failure is logged. The account and
 * conversation come from the message row when there is one, in the same statement.
 */
export async function recordOutbound(deps: { db: Db; log: FastifyBaseLogger }, e: OutboundAuditEntry): Promise<void> {
  await writerFor(deps.db)
    .add({ ...e, at: new Date() })
    .catch((err: unknown) => deps.log.warn({ err, origin: e.origin }, 'outbound: the audit record was not written'));
}

/** The origin of each of these messages that has an audit record (the messages page's labels). */
export async function originsOf(db: Db, messageIds: string[]): Promise<Map<string, OutboundOrigin>> {
  if (messageIds.length === 0) return new Map();
  const rows = await findOrigins(db, messageIds);
  return new Map(rows.map((r) => [r.message_id, r.origin]));
}
