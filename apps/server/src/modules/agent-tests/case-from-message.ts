import {
  AGENT_TEST_MESSAGE_UNUSABLE,
  AGENT_TESTS,
  type AgentTestCase,
  agentTestExpectationSchema,
  DEFAULT_RUBRIC,
} from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { asksForPerson } from '../../domain/handoff/asks-for-person.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertCases, ownAgentOrThrow, selectCases, toCaseDto } from './cases-repository.ts';

interface SourceMessage {
  content: string | null;
  direction: string;
  message_type: string;
  handed_off: boolean;
  owner_answer: string | null;
}

/**
 * 'Adicionar aos testes': a customer's real message from the inbox becomes a case in one click. A
 * conversation that ended with a person taking over expects the handoff; one the owner answered
 * (corrected the AI) gives the judge the owner's own answer as what the reply must say. Adding the same
 * message twice returns the case already made.
 */
export async function caseFromMessage(
  db: Db,
  input: { userId: string; agentId: string; messageId: string },
): Promise<AgentTestCase> {
  const agent = await ownAgentOrThrow(db, input.userId, input.agentId);
  const existing = (await selectCases(db, input.userId, agent.id)).find((c) => c.sourceMessageId === input.messageId);
  if (existing) return toCaseDto(existing);
  const [m] = resultRows<SourceMessage>(
    await db.execute(sql`
      select m.content, m.direction, m.message_type,
        exists (select 1 from owner_alerts a where a.conv_id = m.conv_id and a.kind = 'handoff'
                and a.created_at >= m.created_at) as handed_off,
        (select o.content from messages o where o.conv_id = m.conv_id and o.created_at > m.created_at
           and o.author in ('owner_app', 'owner_phone') and o.message_type = 'text'
           order by o.created_at limit 1) as owner_answer
      from messages m where m.id = ${input.messageId} and m.user_id = ${input.userId}`),
  );
  const text = m?.content?.trim();
  if (!m || m.direction !== 'in' || m.message_type !== 'text' || !text)
    throw new AppError('VALIDATION', AGENT_TEST_MESSAGE_UNUSABLE);
  const handoff = m.handed_off || asksForPerson(text);
  const owner = m.owner_answer?.trim();
  const [row] = await insertCases(db, input.userId, agent.id, [
    {
      title: `Do inbox: ${text}`.slice(0, AGENT_TESTS.titleMax),
      kind: handoff ? 'humano' : 'outro',
      turns: [text.slice(0, AGENT_TESTS.turnMax)],
      expectation: agentTestExpectationSchema.parse({
        handoff: handoff ? true : null,
        rubric: handoff
          ? null
          : owner
            ? `${DEFAULT_RUBRIC}\nA resposta traz o que o dono respondeu: ${owner.slice(0, 400)}`
            : DEFAULT_RUBRIC,
      }),
      source: 'inbox',
      sourceMessageId: input.messageId,
    },
  ]);
  return toCaseDto(row!);
}
