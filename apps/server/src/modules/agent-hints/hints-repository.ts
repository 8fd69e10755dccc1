import type { AgentHintKind } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { type AgentHintFacts, dismissalKey, HINT_WINDOW_DAYS, QUIET_AFTER_HOURS } from './hint-rule.ts';

/** A price in an AI message, as the customer reads it: 'R$ 180', 'R$180,00'. */
const PRICE_PATTERN = 'R\\$ ?[0-9]';

/**
 * The facts of hint-rule.ts for each active agent of the account, in one statement: its follow-up and
 * approval switches, the conversations of its numbers whose last message is the AI's answer with a price,
 * sent between HINT_WINDOW_DAYS and QUIET_AFTER_HOURS ago (chats only; not opted out, not 'Nunca
 * responder'), and the AI messages the price guard replaced in the window.
 */
export async function agentHintFacts(db: Db, accountId: string, now = new Date()): Promise<AgentHintFacts[]> {
  const windowStart = new Date(now.getTime() - HINT_WINDOW_DAYS * 86_400_000);
  const quietBefore = new Date(now.getTime() - QUIET_AFTER_HOURS * 3_600_000);
  const rows = resultRows<{
    agent_id: string;
    agent_name: string | null;
    approval_on: boolean;
    follow_ups_on: boolean | null;
    quiet_after_price: number | string;
    price_guard_replaced: number | string;
  }>(
    await db.execute(sql`
      SELECT a.id AS agent_id, a.apelido AS agent_name, a.approval_mode AS approval_on, f.enabled AS follow_ups_on,
        (SELECT count(*) FROM conversations c
           JOIN numbers n ON n.id = c.number_id
           CROSS JOIN LATERAL (
             SELECT m.author, m.content, m.created_at FROM messages m
              WHERE m.conv_id = c.id AND m.deleted_at IS NULL
              ORDER BY m.created_at DESC, m.id DESC LIMIT 1
           ) last
          WHERE n.agente = a.id AND c.user_id = ${accountId} AND c.type = 'chat'
            AND NOT c.opted_out AND NOT c.never_answer AND c.last_message >= ${windowStart}
            AND last.author = 'ai' AND last.content ~ ${PRICE_PATTERN}
            AND last.created_at >= ${windowStart} AND last.created_at <= ${quietBefore}) AS quiet_after_price,
        (SELECT count(*) FROM outbound_audit o
           JOIN conversations c ON c.id = o.conv_id
           JOIN numbers n ON n.id = c.number_id
          WHERE n.agente = a.id AND o.user_id = ${accountId} AND o.rule = 'price_guard'
            AND o.created_at >= ${windowStart}) AS price_guard_replaced
        FROM agentes a
        LEFT JOIN follow_up_settings f ON f.agent_id = a.id
       WHERE a.user_id = ${accountId} AND a.active
       ORDER BY a.created_at`),
  );
  return rows.map((r) => ({
    agentId: r.agent_id,
    agentName: r.agent_name?.trim() || 'Agente',
    approvalOn: r.approval_on,
    followUpsOn: r.follow_ups_on === true,
    quietAfterPrice: Number(r.quiet_after_price),
    priceGuardReplaced: Number(r.price_guard_replaced),
  }));
}

/** The hints this member closed, as dismissalKey()s. */
export async function dismissedHints(db: Db, memberId: string): Promise<Set<string>> {
  const rows = resultRows<{ agent_id: string; kind: AgentHintKind }>(
    await db.execute(sql`SELECT agent_id, kind FROM agent_hint_dismissals WHERE member_id = ${memberId}`),
  );
  return new Set(rows.map((r) => dismissalKey(r.agent_id, r.kind)));
}

/** Closes a hint for this member; false when the agent is not the account's. Closing twice is fine. */
export async function dismissHint(
  db: Db,
  input: { accountId: string; memberId: string; agentId: string; kind: AgentHintKind },
): Promise<boolean> {
  const agent = resultRows<{ id: string }>(
    await db.execute(sql`SELECT id FROM agentes WHERE id = ${input.agentId} AND user_id = ${input.accountId}`),
  );
  if (!agent.length) return false;
  await db.execute(sql`
    INSERT INTO agent_hint_dismissals (member_id, agent_id, kind)
    VALUES (${input.memberId}, ${input.agentId}, ${input.kind})
    ON CONFLICT DO NOTHING`);
  return true;
}
