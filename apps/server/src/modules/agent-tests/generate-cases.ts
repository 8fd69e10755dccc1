import type { AgentTestCase } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import {
  insertCases,
  ownAgentOrThrow,
  selectCases,
  selectCatalogueSample,
  selectFaqSample,
  toCaseDto,
} from './cases-repository.ts';
import { proposeCases } from './propose-cases.ts';

/**
 * 'Sugerir testes': adds the proposed set (propose-cases.ts) to the agent's suite, leaving out any case
 * whose customer messages the suite already has (asking again adds only what is new).
 */
export async function generateCases(db: Db, accountId: string, agentId: string): Promise<AgentTestCase[]> {
  const agent = await ownAgentOrThrow(db, accountId, agentId);
  const [items, faqs, current] = await Promise.all([
    selectCatalogueSample(db, accountId, 10),
    selectFaqSample(db, accountId, 3),
    selectCases(db, accountId, agent.id),
  ]);
  const known = new Set(current.map((c) => JSON.stringify(c.turns)));
  const fresh = proposeCases({ respostas: agent.respostas, items, faqs }).filter(
    (c) => !known.has(JSON.stringify(c.turns)),
  );
  await insertCases(db, accountId, agent.id, fresh);
  return (await selectCases(db, accountId, agent.id)).map(toCaseDto);
}
