import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { FollowUpRow } from './follow-ups-repository.ts';

// The follow-ups' claims (run-follow-ups.ts): a pass takes due rows with its token (rows another process
// holds are skipped), moves only the rows it holds, and takes over rows whose process died.

/** Up to `limit` follow-ups due by `now` (an ISO time), scheduled → sending with `token`, soonest first. */
export async function claimDueFollowUps(db: Db, token: string, now: string, limit: number): Promise<FollowUpRow[]> {
  return resultRows<FollowUpRow>(
    await db.execute(sql`
      update follow_ups f set state = 'sending', claim_token = ${token}, claimed_at = now(), updated_at = now()
      where f.id in (select id from follow_ups where state = 'scheduled'
                       and due_at <= ${now}::timestamptz
                     order by due_at limit ${limit} for update skip locked)
      returning f.*`),
  );
}

/** Back to scheduled when this pass holds it and nothing was stored yet (it is decided again next pass). */
export async function releaseUnstored(db: Db, id: string, token: string): Promise<void> {
  await db.execute(sql`
    update follow_ups set state = 'scheduled', claim_token = null, updated_at = now()
    where id = ${id} and claim_token = ${token} and message_id is null`);
}

/** Scheduled again at `at` (business hours) when this pass holds it; false when it did not. */
export async function rescheduleClaimed(db: Db, id: string, token: string, at: Date): Promise<boolean> {
  const moved = resultRows(
    await db.execute(sql`
      update follow_ups set state = 'scheduled', due_at = ${at.toISOString()}::timestamptz, claim_token = null,
        updated_at = now()
      where id = ${id} and claim_token = ${token}
      returning id`),
  );
  return moved.length > 0;
}

/** Cancelled or skipped with its reason when this pass holds it; false when it did not. */
export async function finishClaimed(
  db: Db,
  id: string,
  token: string,
  state: 'cancelled' | 'skipped',
  reason: string,
): Promise<boolean> {
  const stopped = resultRows(
    await db.execute(sql`
      update follow_ups set state = ${state}, reason = ${reason}, claim_token = null, updated_at = now()
      where id = ${id} and claim_token = ${token}
      returning id`),
  );
  return stopped.length > 0;
}

export type LapsedFollowUp = FollowUpRow & {
  instance_name: string;
  contact_jid: string;
  content: string | null;
  msg_status: string | null;
  msg_created: Date | string | null;
  msg_external: string | null;
};

/** Up to 50 sending follow-ups whose lease (`leaseMs`) lapsed, taken over with `token`, with their message. */
export async function claimLapsed(db: Db, token: string, leaseMs: number): Promise<LapsedFollowUp[]> {
  return resultRows<LapsedFollowUp>(
    await db.execute(sql`
      update follow_ups f set claim_token = ${token}, claimed_at = now(), updated_at = now()
      from conversations c join numbers n on n.id = c.number_id
      where c.id = f.conv_id and f.id in (
        select id from follow_ups where state = 'sending'
          and claimed_at < now() - make_interval(secs => ${leaseMs / 1000})
        limit 50 for update skip locked)
      returning f.*, n.instance_name, c.contact_jid,
        (select content from messages where id = f.message_id) as content,
        (select status from messages where id = f.message_id) as msg_status,
        (select created_at from messages where id = f.message_id) as msg_created,
        (select external_id from messages where id = f.message_id) as msg_external`),
  );
}

/** A lapsed follow-up with nothing stored: scheduled again. */
export async function rescheduleLapsed(db: Db, id: string, token: string): Promise<void> {
  await db.execute(sql`
    update follow_ups set state = 'scheduled', claim_token = null where id = ${id} and claim_token = ${token}`);
}
