import { type SQL, sql } from 'drizzle-orm';
import type { OutboundFacts } from './outbound-rules.ts';
import { paidOrClosedSql } from './paid-or-closed.ts';

/**
 * The door out's conversation rules for an automatic send (docs/decisions/046-one-door-out.md: group,
 * opt-out, 'Nunca responder', Manual or handed over, a paid or closed deal), written once for both
 * sides: the facts `outboundStop` reads, from a conversation row, and the same test as SQL for the
 * statements that pick whom to write to (the follow-ups' planning and cancelling pass). The two are
 * checked against each other over every combination (test/conversation-rules.test.ts).
 */
export interface ConversationStopRow {
  type: string;
  opted_out: boolean;
  never_answer: boolean;
  agente_ativo: boolean;
  handoff_reason: string | null;
  paid_or_closed: boolean;
}

/** The conversation's facts for outboundStop (approval, hours, caps and the window are each path's own). */
export function conversationFacts(
  c: ConversationStopRow,
): Pick<OutboundFacts, 'group' | 'optedOut' | 'neverAnswer' | 'manual' | 'paidOrClosed'> {
  return {
    group: c.type !== 'chat',
    optedOut: c.opted_out,
    neverAnswer: c.never_answer,
    manual: !c.agente_ativo || c.handoff_reason !== null,
    paidOrClosed: c.paid_or_closed,
  };
}

/** The columns of a conversation row, as SQL (conversationStopOf builds them from an alias). */
export type ConversationStopColumns = { [K in keyof ConversationStopRow]: SQL };

/** True when one of the conversation rules stops an automatic send: the SQL side of conversationFacts + outboundStop. */
export function conversationStopSql(c: ConversationStopColumns): SQL {
  return sql`(${c.type} <> 'chat' or ${c.opted_out} or ${c.never_answer} or not ${c.agente_ativo}
              or ${c.handoff_reason} is not null or ${c.paid_or_closed})`;
}

/** conversationStopSql over a `conversations` row by its alias in the statement (e.g. 'c'). */
export function conversationStopOf(alias: string): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  return conversationStopSql({
    type: col('type'),
    opted_out: col('opted_out'),
    never_answer: col('never_answer'),
    agente_ativo: col('agente_ativo'),
    handoff_reason: col('handoff_reason'),
    paid_or_closed: paidOrClosedSql(col('id')),
  });
}
