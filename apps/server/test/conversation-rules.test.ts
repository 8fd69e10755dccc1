/**
 * Each conversation rule has one home in domain/ (decision 023): the TypeScript predicate the
 * one-event ingestion uses and the SQL fragment the batch statement, Resultados and the usage counters
 * use, side by side. Here they are checked against each other over every combination of their
 * inputs, in the database (PGlite and PostgreSQL).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { aiResumesNow, aiResumesNowSql } from '../src/domain/conversation-rules/ai-resume.ts';
import {
  burstDueAt,
  burstDueSql,
  capIntervalSql,
  quietIntervalSql,
  quietWindow,
} from '../src/domain/conversation-rules/burst-due.ts';
import {
  type AiAudience,
  aiReplies,
  aiRepliesSql,
  aiStartsOn,
  aiStartsOnSql,
} from '../src/domain/conversation-rules/whom-ai-answers.ts';
import { aiAnswerFlags, type AnswerMessage, isAiAnswerSql, previousAuthorSql } from '../src/domain/usage/ai-answers.ts';
import { freeTextAllowed, freeTextAllowedSql } from '../src/domain/conversation-rules/service-window.ts';
import {
  type ConversationStopRow,
  conversationFacts,
  conversationStopSql,
} from '../src/domain/outbound/conversation-stop.ts';
import { outboundStop } from '../src/domain/outbound/outbound-rules.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const bools = [false, true];
async function one<T>(query: SQL): Promise<T> {
  return resultRows<{ v: T }>(await database.db.execute(sql`select ${query} as v`))[0]!.v;
}
const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null::timestamptz`);

describe('whom the AI answers', () => {
  it('a new conversation starts with the AI on: TypeScript and SQL agree', async () => {
    const connected = new Date('2026-03-01T12:00:00Z');
    const audiences: (AiAudience | null)[] = [
      null,
      { aiAudience: 'all', connectedAt: connected },
      { aiAudience: 'new', connectedAt: connected },
      { aiAudience: 'new', connectedAt: null },
    ];
    let checked = 0;
    for (const isGroup of bools)
      for (const neverAnswer of bools)
        for (const audience of audiences)
          for (const firstMessageAt of [new Date('2026-02-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')]) {
            const expected = aiStartsOn({ isGroup, neverAnswer, firstMessageAt, audience });
            const got = await one<boolean>(
              aiStartsOnSql({
                type: sql`${isGroup ? 'group' : 'chat'}::text`,
                neverAnswer: sql`${neverAnswer}::boolean`,
                firstMessageAt: ts(firstMessageAt),
                aiAudience: sql`${audience?.aiAudience ?? 'all'}::text`,
                connectedAt: ts(audience?.connectedAt ?? null),
              }),
            );
            expect(got, JSON.stringify({ isGroup, neverAnswer, audience, firstMessageAt })).toBe(expected);
            checked++;
          }
    expect(checked).toBe(32);
  });

  it('a fresh customer message is answered: TypeScript and SQL agree', async () => {
    for (const type of ['chat', 'group'] as const)
      for (const agenteAtivo of bools)
        for (const optedOut of bools)
          for (const neverAnswer of bools)
            for (const agent of [null, { active: false }, { active: true }]) {
              const conv = { type, agenteAtivo, optedOut, neverAnswer };
              const got = await one<boolean>(sql`(select ${aiRepliesSql('c', sql`${agent?.active ?? null}::boolean`)}
                from (select ${type}::text as type, ${agenteAtivo}::boolean as agente_ativo,
                             ${optedOut}::boolean as opted_out, ${neverAnswer}::boolean as never_answer) c)`);
              expect(got, JSON.stringify({ conv, agent })).toBe(aiReplies(conv, agent));
            }
  });
});

describe('the 24-hour window of official-API numbers (decision 041)', () => {
  it('free text allowed: TypeScript and SQL agree on both kinds of number, at and around 24 h', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    let checked = 0;
    // Meta's #131047 closes it whatever the 24 hours say, until the customer writes a newer message.
    const closings = [null, hoursAgo(2), hoursAgo(1), hoursAgo(0.5)];
    for (const provider of ['evolution', 'cloud'])
      for (const customerLastAt of [null, hoursAgo(1), hoursAgo(23.99), hoursAgo(24), hoursAgo(24.01), hoursAgo(72)])
        for (const windowClosedThrough of closings) {
          const facts = { provider, customerLastAt, windowClosedThrough };
          const expected = freeTextAllowed(facts, now);
          const got = await one<boolean>(
            freeTextAllowedSql({
              provider: sql`${provider}::text`,
              customerLastAt: ts(customerLastAt),
              windowClosedThrough: ts(windowClosedThrough),
              now: ts(now),
            }),
          );
          expect(got, JSON.stringify(facts)).toBe(expected);
          checked++;
        }
    expect(checked).toBe(48);
    const inside = hoursAgo(1);
    expect(
      freeTextAllowed({ provider: 'cloud', customerLastAt: inside, windowClosedThrough: hoursAgo(0.5) }, now),
    ).toBe(false);
    expect(freeTextAllowed({ provider: 'cloud', customerLastAt: inside, windowClosedThrough: inside }, now)).toBe(
      false,
    );
    expect(freeTextAllowed({ provider: 'cloud', customerLastAt: inside, windowClosedThrough: hoursAgo(2) }, now)).toBe(
      true,
    );
    expect(
      freeTextAllowed({ provider: 'evolution', customerLastAt: inside, windowClosedThrough: hoursAgo(0.5) }, now),
    ).toBe(true);
    expect(freeTextAllowed({ provider: 'cloud', customerLastAt: hoursAgo(23.99) }, now)).toBe(true);
    expect(freeTextAllowed({ provider: 'cloud', customerLastAt: hoursAgo(24) }, now)).toBe(false);
    expect(freeTextAllowed({ provider: 'cloud', customerLastAt: null }, now)).toBe(false);
    expect(freeTextAllowed({ provider: 'evolution', customerLastAt: hoursAgo(72) }, now)).toBe(true);
  });
});

describe('AI resume after a takeover or handoff', () => {
  it('TypeScript and SQL agree (against the same clock)', async () => {
    const now = new Date(await one<string>(sql`now()::text`));
    const times = [null, new Date(now.getTime() - 60_000), new Date(now.getTime() + 60_000)];
    for (const agenteAtivo of bools)
      for (const optedOut of bools)
        for (const neverAnswer of bools)
          for (const aiResumesAt of times) {
            const conv = { agenteAtivo, optedOut, neverAnswer, aiResumesAt };
            const got = await one<boolean>(sql`(select ${aiResumesNowSql('cv')}
              from (select ${agenteAtivo}::boolean as agente_ativo, ${optedOut}::boolean as opted_out,
                           ${neverAnswer}::boolean as never_answer, ${ts(aiResumesAt)} as ai_resumes_at) cv)`);
            expect(got, JSON.stringify(conv)).toBe(aiResumesNow(conv, now));
          }
  });
});

describe('burst due time', () => {
  it('TypeScript and SQL agree for delays under, at and over the cap', async () => {
    const first = new Date('2026-03-02T10:00:00.000Z');
    for (const timing of [-5, 0, 1, 10, 59, 60, 61, 90, 600])
      for (const minQuietMs of [0, 500, 2000])
        for (const lastAfterMs of [0, 1_500, 30_000, 119_000, 500_000]) {
          const last = new Date(first.getTime() + lastAfterMs);
          const quiet = quietIntervalSql(sql`${timing}::int`, minQuietMs);
          const got = await one<string>(
            sql`(${burstDueSql(ts(first), ts(last), quiet, capIntervalSql(quiet))})::timestamptz`,
          );
          const expected = burstDueAt(first, last, quietWindow(timing, minQuietMs));
          expect(new Date(got).getTime(), JSON.stringify({ timing, minQuietMs, lastAfterMs })).toBe(expected.getTime());
        }
  });
});

describe('what an AI answer is (Resultados and the plans’ counters)', () => {
  const authors = ['contact', 'ai', 'owner_app'];
  const statuses = ['received', 'pending', 'sent', 'read', 'failed'];
  /** Every conversation of 3 messages over those authors and statuses. */
  const conversations: AnswerMessage[][] = [];
  const pairs = authors.flatMap((author) => statuses.map((status) => ({ author, status })));
  for (const a of pairs) for (const b of pairs) for (const c of pairs) conversations.push([a, b, c]);

  it('TypeScript and SQL agree on every conversation of three messages', async () => {
    const rows = conversations.flatMap((msgs, conv) =>
      msgs.map((m, i) => sql`(${conv}::int, ${i}::int, ${m.author}::text, ${m.status}::text)`),
    );
    const got = resultRows<{ conv_id: number; id: number; answer: boolean }>(
      await database.db.execute(sql`
        select conv_id, id, ${isAiAnswerSql(sql`author`, sql`status`, sql`previous_author`)} as answer
        from (select t.*, ${previousAuthorSql} as previous_author
              from (select conv_id, id, author, status, id as created_at
                    from (values ${sql.join(rows, sql`, `)}) v(conv_id, id, author, status)) t
              where status <> 'failed') x`),
    );
    const fromSql = new Map(got.map((r) => [`${r.conv_id}:${r.id}`, r.answer]));
    let answers = 0;
    conversations.forEach((msgs, conv) =>
      aiAnswerFlags(msgs).forEach((flag, i) => {
        expect(fromSql.get(`${conv}:${i}`) ?? false, JSON.stringify(msgs)).toBe(flag);
        if (flag) answers++;
      }),
    );
    expect(answers).toBeGreaterThan(100);
  });
});

describe('whom an automatic send may reach (the door out’s conversation rules; follow-ups plan and cancel by them)', () => {
  it('TypeScript (conversationFacts + outboundStop) and SQL (conversationStopSql) agree on every conversation state', async () => {
    const CONVERSATION_RULES = new Set(['group', 'opt_out', 'never_answer', 'manual', 'paid']);
    const states: ConversationStopRow[] = [];
    for (const type of ['chat', 'group'])
      for (const opted_out of bools)
        for (const never_answer of bools)
          for (const agente_ativo of bools)
            for (const handoff_reason of [null, 'Pediu um atendente'])
              for (const paid_or_closed of bools)
                states.push({ type, opted_out, never_answer, agente_ativo, handoff_reason, paid_or_closed });
    const rows = states.map(
      (c, i) =>
        sql`(${i}::int, ${c.type}::text, ${c.opted_out}::boolean, ${c.never_answer}::boolean, ${c.agente_ativo}::boolean, ${c.handoff_reason}::text, ${c.paid_or_closed}::boolean)`,
    );
    const col = (name: string) => sql.raw(`v.${name}`);
    const got = resultRows<{ i: number; stop: boolean }>(
      await database.db.execute(sql`
        select v.i, ${conversationStopSql({
          type: col('type'),
          opted_out: col('opted_out'),
          never_answer: col('never_answer'),
          agente_ativo: col('agente_ativo'),
          handoff_reason: col('handoff_reason'),
          paid_or_closed: col('paid_or_closed'),
        })} as stop
        from (values ${sql.join(rows, sql`, `)}) v(i, type, opted_out, never_answer, agente_ativo, handoff_reason, paid_or_closed)`),
    );
    expect(got).toHaveLength(states.length);
    let stopped = 0;
    for (const r of got) {
      const rule = outboundStop('ai_touch', conversationFacts(states[r.i]!));
      const expected = rule !== null && CONVERSATION_RULES.has(rule);
      expect(r.stop, JSON.stringify(states[r.i])).toBe(expected);
      if (expected) stopped++;
    }
    expect(stopped).toBe(states.length - 1); // only a chat with every rule clear may be written to
  });
});
