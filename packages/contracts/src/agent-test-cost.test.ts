import { describe, expect, it } from 'vitest';
import { AGENT_TESTS, agentTestRunCost } from './agent-tests.ts';

/** What 'Rodar testes' may use, said before it starts (docs/decisions/039-agent-tests.md, "What a run costs"). */
describe('agentTestRunCost', () => {
  const plain = (...turns: string[]) => ({ turns, expectation: { rubric: null } });
  const judged = (...turns: string[]) => ({ turns, expectation: { rubric: 'Faz a venda andar.' } });

  it('counts one model call per customer turn, and a judged case runs judgedRuns times with the judge', () => {
    expect(agentTestRunCost([])).toBe(0);
    expect(agentTestRunCost([plain('Oi'), plain('Oi', 'Quanto custa?')])).toBe(3);
    expect(agentTestRunCost([judged('Achei caro.')])).toBe(AGENT_TESTS.judgedRuns * 2);
    expect(agentTestRunCost([judged('Achei caro.', 'Faz por menos?')])).toBe(AGENT_TESTS.judgedRuns * 3);
    // A blank rubric is not judged.
    expect(agentTestRunCost([{ turns: ['Oi'], expectation: { rubric: '  ' } }])).toBe(1);
  });

  it('doubles when a draft prompt runs beside the live one', () => {
    expect(agentTestRunCost([plain('Oi'), judged('Achei caro.')], 2)).toBe(2 * (1 + AGENT_TESTS.judgedRuns * 2));
  });
});
