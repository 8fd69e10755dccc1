import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import type { AlertTx } from '../../../domain/handoff/owner-alerts.ts';
import type { BurstPart } from '../engine-repository.ts';
import type { SqlJson, SqlTimestamp } from '../sql-rows.ts';

// Draft alerts to the owner's phone (draft-alert.ts, docs/decisions/046-one-door-out.md, "Draft alerts"):
// what an alert quotes of a draft, the owner's recent draft alerts, and the drafts a grouped alert carries.

/** A draft as its alert quotes it, with its conversation's contact and the number it is sent from. */
export interface DraftAlertFacts {
  id: string;
  conv_id: string;
  alert_id: string | null;
  parts: SqlJson<BurstPart[]>;
  customer_text: string | null;
  due_at: SqlTimestamp;
  created_at: SqlTimestamp;
  timeout_action: 'send' | 'discard';
  /** The agenda change sending it makes (draft-booking.ts), as the draft card says it. */
  booking_text: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  instance_name: string;
  number_phone: string;
}

const FACTS_SQL =
  sql.raw(`d.id, d.conv_id, d.alert_id, d.parts, d.customer_text, d.due_at, d.created_at, d.timeout_action,
       d.effects -> 'booking' ->> 'text' as booking_text, c.contact_name, c.contact_phone, n.instance_name, n.phone as number_phone`);

/**
 * The owner's draft alerts in the last hour, today (the account's day), and within the grouping time whose
 * draft still waits (an owner who already acted on the last alert gets the next draft's alert at once).
 */
export async function alertCounts(tx: AlertTx, owner: { id: string; tz: string }, groupMs: number) {
  const mine = sql`select count(*)::int from owner_alerts where user_id = ${owner.id} and kind = 'approval'`;
  const [row] = resultRows<{ hour: number; day: number; recent: number }>(
    await tx.execute(sql`
      select (${mine} and created_at > now() - interval '1 hour') as hour,
             (${mine} and created_at >= date_trunc('day', now() at time zone ${owner.tz}) at time zone ${owner.tz}) as day,
             (${mine} and created_at > now() - make_interval(secs => ${groupMs / 1000})
                and exists (select 1 from reply_drafts d where d.alert_id = owner_alerts.id and d.state = 'pending')) as recent`),
  );
  return { hour: Number(row!.hour), day: Number(row!.day), recent: Number(row!.recent) };
}

/** The draft as its alert quotes it (undefined: gone, or its conversation has no number). */
export async function selectDraftAlertFacts(db: Db, draft: { id: string }): Promise<DraftAlertFacts | undefined> {
  const [facts] = resultRows<DraftAlertFacts>(
    await db.execute(sql`
      select ${FACTS_SQL} from reply_drafts d join conversations c on c.id = d.conv_id
      join numbers n on n.id = c.number_id where d.id = ${draft.id}`),
  );
  return facts;
}

/** The number a grouped alert is sent from: the conversation's, if it is this owner's. */
export async function selectAlertNumber(
  db: Db,
  job: { userId: string; convId: string },
): Promise<{ instance_name: string; number_phone: string } | undefined> {
  const [number] = resultRows<{ instance_name: string; number_phone: string }>(
    await db.execute(sql`
      select n.instance_name, n.phone as number_phone from conversations c join numbers n on n.id = c.number_id
      where c.id = ${job.convId} and c.user_id = ${job.userId}`),
  );
  return number;
}

/** The owner's pending drafts no alert carried, oldest first. */
export async function selectUnalertedDrafts(tx: AlertTx, job: { userId: string }): Promise<DraftAlertFacts[]> {
  return resultRows<DraftAlertFacts>(
    await tx.execute(sql`
          select ${FACTS_SQL} from reply_drafts d join conversations c on c.id = d.conv_id
          join numbers n on n.id = c.number_id
          where d.user_id = ${job.userId} and d.state = 'pending'
            and not exists (select 1 from owner_alerts a where a.id = d.alert_id)
          order by d.created_at`),
  );
}

/** These drafts point at the alert `id` that carries them. */
export async function markDraftsAlerted(tx: AlertTx, id: string, carried: string[]): Promise<void> {
  await tx.execute(sql`
        update reply_drafts set alert_id = ${id}
        where id in (${sql.join(
          carried.map((c) => sql`${c}::uuid`),
          sql`, `,
        )})`);
}
