import {
  AGENT_TEST_MESSAGE_UNUSABLE,
  AGENT_TESTS,
  type AgentTestCase,
  agentTestExpectationSchema,
  DEFAULT_RUBRIC,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { asksForPerson } from '../../domain/handoff/asks-for-person.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertCases, ownAgentOrThrow, selectCases, selectSourceMessage, toCaseDto } from './cases-repository.ts';

/**
 * 'Adicionar aos testes': a customer's real message from the inbox becomes a case in one click. A
 * conversation that ended with a person taking over expects the handoff; one the owner answered
 * (corrected the AI) gives the judge the owner's own answer as what the reply must say. Adding the same
 * message twice returns the case already made.
 */
export async function caseFromMessage(
  db: Db,
  input: { accountId: string; agentId: string; messageId: string },
): Promise<AgentTestCase> {
  const agent = await ownAgentOrThrow(db, input.accountId, input.agentId);
  const existing = (await selectCases(db, input.accountId, agent.id)).find(
    (c) => c.sourceMessageId === input.messageId,
  );
  if (existing) return toCaseDto(existing);
  const m = await selectSourceMessage(db, input.accountId, input.messageId);
  const text = m?.content?.trim();
  if (!m || m.direction !== 'in' || m.message_type !== 'text' || !text)
    throw new AppError('VALIDATION', AGENT_TEST_MESSAGE_UNUSABLE);
  const handoff = m.handed_off || asksForPerson(text);
  const owner = m.owner_answer?.trim();
  const [row] = await insertCases(db, input.accountId, agent.id, [
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
