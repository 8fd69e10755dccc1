import {
  AGENT_NOT_FOUND_MESSAGE,
  AGENT_TEST_NOT_FOUND_MESSAGE,
  AGENT_TEST_TOO_MANY_MESSAGE,
  AGENT_TESTS,
  type AgentTestCase,
  agentTestCaseInputSchema,
  type AgentTestCaseInput,
  withRubric,
} from '@vendai/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { agentTestCases, catalogueItems, knowledgeFaqs } from '../../db/schema/index.ts';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import { AppError } from '../../lib/app-error.ts';

type CaseRow = typeof agentTestCases.$inferSelect;
export type NewCase = AgentTestCaseInput & { source: CaseRow['source']; sourceMessageId?: string | null };

export function toCaseDto(r: CaseRow): AgentTestCase {
  return {
    id: r.id,
    agentId: r.agentId,
    title: r.title,
    kind: r.kind,
    turns: r.turns,
    expectation: r.expectation,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The user's own agent, or 404. */
export async function ownAgentOrThrow(db: Db, accountId: string, agentId: string) {
  const agent = await selectAgent(db, accountId, agentId);
  if (!agent) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return agent;
}

export async function selectCases(db: Db, accountId: string, agentId: string): Promise<CaseRow[]> {
  return db
    .select()
    .from(agentTestCases)
    .where(and(eq(agentTestCases.agentId, agentId), eq(agentTestCases.userId, accountId)))
    .orderBy(asc(agentTestCases.createdAt), asc(agentTestCases.id));
}

/** Adds cases within the suite's bound (the whole list or nothing). */
export async function insertCases(db: Db, accountId: string, agentId: string, cases: NewCase[]): Promise<CaseRow[]> {
  if (!cases.length) return [];
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(agentTestCases)
    .where(eq(agentTestCases.agentId, agentId));
  if (Number(n) + cases.length > AGENT_TESTS.maxCases) throw new AppError('VALIDATION', AGENT_TEST_TOO_MANY_MESSAGE);
  const now = Date.now();
  return db
    .insert(agentTestCases)
    .values(
      cases.map((c, i) => {
        const input = agentTestCaseInputSchema.parse(c);
        return {
          userId: accountId,
          agentId,
          ...input,
          expectation: withRubric(input.expectation),
          source: c.source,
          sourceMessageId: c.sourceMessageId ?? null,
          // The suite keeps the order the cases were given in.
          createdAt: new Date(now + i),
        };
      }),
    )
    .returning();
}

export async function updateCase(
  db: Db,
  accountId: string,
  agentId: string,
  caseId: string,
  input: AgentTestCaseInput,
): Promise<CaseRow> {
  const parsed = agentTestCaseInputSchema.parse(input);
  const [row] = await db
    .update(agentTestCases)
    .set({ ...parsed, expectation: withRubric(parsed.expectation) })
    .where(
      and(eq(agentTestCases.id, caseId), eq(agentTestCases.agentId, agentId), eq(agentTestCases.userId, accountId)),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND', AGENT_TEST_NOT_FOUND_MESSAGE);
  return row;
}

export async function deleteCase(db: Db, accountId: string, agentId: string, caseId: string): Promise<void> {
  const rows = await db
    .delete(agentTestCases)
    .where(
      and(eq(agentTestCases.id, caseId), eq(agentTestCases.agentId, agentId), eq(agentTestCases.userId, accountId)),
    )
    .returning({ id: agentTestCases.id });
  if (!rows.length) throw new AppError('NOT_FOUND', AGENT_TEST_NOT_FOUND_MESSAGE);
}

/** The account's oldest live catalogue items, what 'Sugerir testes' asks about. */
export async function selectCatalogueSample(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ name: string; priceCents: number | null }[]> {
  return db
    .select({ name: catalogueItems.name, priceCents: catalogueItems.priceCents })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, accountId), isNull(catalogueItems.archivedAt)))
    .orderBy(asc(catalogueItems.createdAt))
    .limit(limit);
}

/** The account's oldest active FAQ entries, what 'Sugerir testes' asks about. */
export async function selectFaqSample(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ question: string; answer: string }[]> {
  return db
    .select({ question: knowledgeFaqs.question, answer: knowledgeFaqs.answer })
    .from(knowledgeFaqs)
    .where(and(eq(knowledgeFaqs.userId, accountId), eq(knowledgeFaqs.status, 'active')))
    .orderBy(asc(knowledgeFaqs.createdAt))
    .limit(limit);
}

/** How many test cases each agent of the account has (agents without any are not listed). */
export async function countCasesByAgent(db: Db, accountId: string): Promise<{ agent_id: string; n: number }[]> {
  return resultRows<{ agent_id: string; n: number }>(
    await db.execute(sql`
      select agent_id, count(*)::int as n from agent_test_cases where user_id = ${accountId} group by agent_id`),
  );
}

/** An inbox message a case is made from, with whether its conversation was handed over and the owner's answer. */
export interface SourceMessage {
  content: string | null;
  direction: string;
  message_type: string;
  handed_off: boolean;
  owner_answer: string | null;
}

export async function selectSourceMessage(
  db: Db,
  accountId: string,
  messageId: string,
): Promise<SourceMessage | undefined> {
  const [m] = resultRows<SourceMessage>(
    await db.execute(sql`
      select m.content, m.direction, m.message_type,
        exists (select 1 from owner_alerts a where a.conv_id = m.conv_id and a.kind = 'handoff'
                and a.created_at >= m.created_at) as handed_off,
        (select o.content from messages o where o.conv_id = m.conv_id and o.created_at > m.created_at
           and o.author in ('owner_app', 'owner_phone') and o.message_type = 'text'
           order by o.created_at limit 1) as owner_answer
      from messages m where m.id = ${messageId} and m.user_id = ${accountId}`),
  );
  return m;
}
