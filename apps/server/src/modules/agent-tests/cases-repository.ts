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
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
