import { describe, expect, it } from 'vitest';
import { type AgentHintFacts, decideAgentHints, dismissalKey } from './hint-rule.ts';

/** The rule behind the inbox's and Resultados' hints (docs/decisions/065-agent-tabs-hints-and-judge.md). */
const facts = (over: Partial<AgentHintFacts> = {}): AgentHintFacts => ({
  agentId: 'a1',
  agentName: 'Bia',
  followUpsOn: false,
  approvalOn: false,
  quietAfterPrice: 0,
  priceGuardReplaced: 0,
  ...over,
});
const none = new Set<string>();

describe('decideAgentHints', () => {
  it('points to follow-ups when 3 customers went quiet after a price and follow-ups are off', () => {
    expect(decideAgentHints([facts({ quietAfterPrice: 2 })], none)).toEqual([]);
    expect(decideAgentHints([facts({ quietAfterPrice: 3 })], none)).toEqual([
      { kind: 'follow-up', agentId: 'a1', agentName: 'Bia', count: 3, days: 14 },
    ]);
    expect(decideAgentHints([facts({ quietAfterPrice: 9, followUpsOn: true })], none)).toEqual([]);
  });

  it('points to approval when the price guard replaced 2 replies and approval is off', () => {
    expect(decideAgentHints([facts({ priceGuardReplaced: 1 })], none)).toEqual([]);
    expect(decideAgentHints([facts({ priceGuardReplaced: 2 })], none)).toEqual([
      { kind: 'approval', agentId: 'a1', agentName: 'Bia', count: 2, days: 14 },
    ]);
    expect(decideAgentHints([facts({ priceGuardReplaced: 5, approvalOn: true })], none)).toEqual([]);
  });

  it('follow-up hints first, the larger count first; a closed hint is not given again', () => {
    const list = [
      facts({ agentId: 'a1', priceGuardReplaced: 4, quietAfterPrice: 3 }),
      facts({ agentId: 'a2', agentName: 'Lia', quietAfterPrice: 7 }),
    ];
    expect(decideAgentHints(list, none).map((h) => `${h.agentId}:${h.kind}`)).toEqual([
      'a2:follow-up',
      'a1:follow-up',
      'a1:approval',
    ]);
    expect(
      decideAgentHints(list, new Set([dismissalKey('a2', 'follow-up')])).map((h) => `${h.agentId}:${h.kind}`),
    ).toEqual(['a1:follow-up', 'a1:approval']);
  });
});
