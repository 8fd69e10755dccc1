import { sql, type SQL } from 'drizzle-orm';
import { SERVICE_WINDOW_HOURS } from '@vendai/contracts';

/**
 * The 24-hour customer-service window of official-API numbers
 * (docs/decisions/041-cloud-window-and-templates.md): a number connected through Meta's Cloud API may
 * send free text (the AI's answers, follow-ups, the owner's messages) only within 24 h of the
 * customer's last message (`conversations.customer_last_at`); outside it only an approved template.
 * QR numbers have no window. Meta has the last word: when it refuses free text with #131047 the
 * conversation's `window_closed_through` is set (meta-closed-window.ts) and the window stays closed, whatever
 * `customer_last_at` says, until the customer writes again (docs/decisions/054-cloud-window-and-templates.md).
 * The TypeScript predicate and the SQL fragment side by side, tested against each other
 * (test/conversation-rules.test.ts).
 */

export const SERVICE_WINDOW_MS = SERVICE_WINDOW_HOURS * 60 * 60_000;

export interface WindowFacts {
  provider: 'evolution' | 'cloud' | string;
  customerLastAt: Date | string | null;
  /** Meta refused free text with #131047 while `customerLastAt` was this; null or absent: never. */
  windowClosedThrough?: Date | string | null;
}

/** Whether the window applies to this number at all (only Cloud numbers). */
export const windowApplies = (provider: WindowFacts['provider']): boolean => provider === 'cloud';

/**
 * Meta closed the window (#131047) and the customer has not written since: their last message is still the
 * one Meta refused after (a newer one reopens the window, even within the same second as the refusal).
 */
export function closedByMeta(facts: WindowFacts): boolean {
  if (!windowApplies(facts.provider) || !facts.windowClosedThrough) return false;
  return (
    !facts.customerLastAt || new Date(facts.customerLastAt).getTime() <= new Date(facts.windowClosedThrough).getTime()
  );
}

/** When free text stops (or stopped) being allowed by time: 24 h after the customer's last message; null when the window does not apply or the customer never wrote. */
export function windowClosesAt(facts: WindowFacts): Date | null {
  if (!windowApplies(facts.provider) || !facts.customerLastAt) return null;
  return new Date(new Date(facts.customerLastAt).getTime() + SERVICE_WINDOW_MS);
}

/**
 * May free text go to this conversation at `now`? Always on a QR number; on a Cloud number within 24 h,
 * unless Meta closed the window since the customer's last message.
 */
export function freeTextAllowed(facts: WindowFacts, now: Date): boolean {
  if (!windowApplies(facts.provider)) return true;
  if (closedByMeta(facts)) return false;
  const closesAt = windowClosesAt(facts);
  return closesAt !== null && now.getTime() < closesAt.getTime();
}

/**
 * freeTextAllowed in SQL: `provider` the number's, `customerLastAt` and `windowClosedThrough` the
 * conversation's, `now` a timestamptz.
 */
export function freeTextAllowedSql(c: { provider: SQL; customerLastAt: SQL; windowClosedThrough: SQL; now: SQL }): SQL {
  return sql`(${c.provider} is distinct from 'cloud'
    or (coalesce(${c.now} < ${c.customerLastAt} + interval '${sql.raw(String(SERVICE_WINDOW_HOURS))} hours', false)
        and (${c.windowClosedThrough} is null or ${c.customerLastAt} > ${c.windowClosedThrough})))`;
}
