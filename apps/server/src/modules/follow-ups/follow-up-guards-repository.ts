import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

// The follow-ups' caps and breaker (follow-up-guards.ts): what they count and the pause they write.

/**
 * For the caps (follow-up-guards.ts): whether the breaker paused the number, and the touches that went
 * (sent, sending or failed) since local midnight in `timeZone`, on the number and on the account.
 */
export async function countTouchesToday(
  db: Db,
  o: { accountId: string; numberId: string; now: string; timeZone: string },
): Promise<{ paused: boolean; number_today: number; account_today: number }> {
  const [row] = resultRows<{ paused: boolean; number_today: number; account_today: number }>(
    await db.execute(sql`
      with day as (select date_trunc('day', ${o.now}::timestamptz at time zone ${o.timeZone}) at time zone ${o.timeZone} as start)
      select exists (select 1 from follow_up_pauses p where p.number_id = ${o.numberId}
                     and p.paused_until > ${o.now}::timestamptz) as paused,
             (select count(*)::int from follow_ups x, day where x.number_id = ${o.numberId} and x.kind = 'touch'
                and x.state in ('sent', 'sending', 'failed') and x.sent_at >= day.start) as number_today,
             (select count(*)::int from follow_ups x, day where x.user_id = ${o.accountId} and x.kind = 'touch'
                and x.state in ('sent', 'sending', 'failed') and x.sent_at >= day.start) as account_today`),
  );
  return row!;
}

/**
 * For the breaker: the number's touches that failed to send in the `window` before `now`, and the
 * customers who answered a touch sent in it with an opt-out word.
 */
export async function countTouchTrouble(
  db: Db,
  numberId: string,
  now: string,
  window: string,
): Promise<{ failures: number; opt_outs: number }> {
  const [row] = resultRows<{ failures: number; opt_outs: number }>(
    await db.execute(sql`
      select (select count(*)::int from follow_ups x where x.number_id = ${numberId} and x.kind = 'touch'
                and x.state = 'failed' and x.sent_at > ${now}::timestamptz - interval '${sql.raw(window)}') as failures,
             (select count(distinct x.conv_id)::int from follow_ups x
                join messages m on m.conv_id = x.conv_id and m.direction = 'in' and m.opt_out and m.created_at > x.sent_at
                where x.number_id = ${numberId} and x.kind = 'touch' and x.state = 'sent'
                  and x.sent_at > ${now}::timestamptz - interval '${sql.raw(window)}') as opt_outs`),
  );
  return row!;
}

/** Pauses the number's follow-ups for `hours` unless a pause still runs; false when one did (the owner was told). */
export async function insertFollowUpPause(
  db: Db,
  p: { numberId: string; accountId: string; reason: string; now: string; hours: number },
): Promise<boolean> {
  const paused = resultRows<{ number_id: string }>(
    await db.execute(sql`
      insert into follow_up_pauses (number_id, user_id, reason, paused_until)
      values (${p.numberId}, ${p.accountId}, ${p.reason}, ${p.now}::timestamptz + interval '${sql.raw(String(p.hours))} hours')
      on conflict (number_id) do update set reason = excluded.reason, paused_until = excluded.paused_until,
        created_at = now()
      where follow_up_pauses.paused_until <= ${p.now}::timestamptz
      returning number_id`),
  );
  return paused.length > 0;
}

/** The number's gateway instance, phone and nickname (the breaker's alert), or null. */
export async function selectNumberLabel(
  db: Db,
  numberId: string,
): Promise<{ instance_name: string; phone: string; apelido: string | null } | null> {
  const [number] = resultRows<{ instance_name: string; phone: string; apelido: string | null }>(
    await db.execute(sql`select instance_name, phone, apelido from numbers where id = ${numberId}`),
  );
  return number ?? null;
}
