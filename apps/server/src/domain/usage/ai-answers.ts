import { sql, type SQL } from 'drizzle-orm';

/**
 * What an "AI answer" is — the one definition for the paid plans' counters and the overage
 * (domain/usage, modules/billing) and Resultados' 'Respostas da IA' (modules/results); decision 023.
 * An AI message that went out (sent, delivered or read) and does not follow another AI message in its
 * conversation (one per reply, however many parts). Failed messages (a send that failed, the 'A IA
 * não conseguiu responder' notice) take no part: they are neither answers nor the previous message.
 * The TypeScript predicate and the SQL fragment are tested against each other
 * (test/conversation-rules.test.ts).
 */
export const AI_ANSWER_STATUSES = ['sent', 'delivered', 'read'] as const;

/** Did this message go out (sent, delivered or read)? The TypeScript side of wentOutSql. */
export const wentOut = (status: string | null | undefined): boolean =>
  (AI_ANSWER_STATUSES as readonly (string | null | undefined)[]).includes(status);

/** Did this message go out? As SQL over a status column (the same set as wentOut). */
export const wentOutSql = (status: SQL): SQL =>
  sql`${status} in (${sql.raw(AI_ANSWER_STATUSES.map((s) => `'${s}'`).join(', '))})`;

export interface AnswerMessage {
  author: string;
  status: string;
}

/** For each message of one conversation in time order: is it an AI answer? */
export function aiAnswerFlags(messages: readonly AnswerMessage[]): boolean[] {
  let previousAuthor: string | null = null;
  return messages.map((m) => {
    if (m.status === 'failed') return false;
    const answer = m.author === 'ai' && wentOut(m.status) && previousAuthor !== 'ai';
    previousAuthor = m.author;
    return answer;
  });
}

/** The previous author in the conversation, over rows already without failed messages. */
export const previousAuthorSql = sql`lag(author) over (partition by conv_id order by created_at, id)`;

/** Is this row an AI answer? `previousAuthor`: previousAuthorSql over the conversation's messages that did not fail. */
export function isAiAnswerSql(author: SQL, status: SQL, previousAuthor: SQL): SQL {
  return sql`(${author} = 'ai' and ${wentOutSql(status)} and ${previousAuthor} is distinct from 'ai')`;
}

/**
 * A user's AI answers in [from, to), read from the stored messages (the engine counts one per reply,
 * when its first part went out). Rows: id, created_at, in time order. Index: messages_user_created_idx.
 */
export function aiAnswersSql(accountId: string, from: Date, to: Date): SQL {
  return sql`select id, created_at from (
      select m.id, m.created_at, m.author, m.status, ${previousAuthorSql} as previous_author
      from messages m
      where m.user_id = ${accountId} and m.status <> 'failed'
        and m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
    ) x
    where ${isAiAnswerSql(sql`x.author`, sql`x.status`, sql`x.previous_author`)}`;
}

export function countAiAnswersSql(accountId: string, from: Date, to: Date): SQL {
  return sql`select count(*)::int as n from (${aiAnswersSql(accountId, from, to)}) a`;
}
