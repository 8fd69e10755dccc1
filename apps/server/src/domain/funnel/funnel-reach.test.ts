import { describe, expect, it } from 'vitest';
import { reachedByStage, type ReachStage } from './funnel-reach.ts';

const stages: ReachStage[] = [
  { id: 'n', kind: 'novo', position: 0 },
  { id: 'q', kind: 'qualificado', position: 1 },
  { id: 'o', kind: 'orcamento', position: 2 },
  { id: 'x', kind: 'custom', position: 3 },
  { id: 'p', kind: 'pago', position: 4 },
  { id: 'l', kind: 'perdido', position: 5 },
];

describe('reachedByStage', () => {
  it('counts a stage as reached by its cards and those of later stages; Perdido only by its own; Novo by all', () => {
    const now = new Map([
      ['n', 4],
      ['q', 3],
      ['o', 2],
      ['x', 1],
      ['p', 1],
      ['l', 5],
    ]);
    expect(Object.fromEntries(reachedByStage(stages, now))).toEqual({ n: 16, q: 7, o: 4, x: 2, p: 1, l: 5 });
  });

  it('follows the board order after a reorder, and gives zeros without conversations', () => {
    const moved = stages.map((s) => (s.id === 'x' ? { ...s, position: 1.5 } : s));
    expect(reachedByStage(moved, new Map([['x', 2]])).get('q')).toBe(2);
    expect(reachedByStage(moved, new Map([['x', 2]])).get('o')).toBe(0);
    expect([...reachedByStage(stages, new Map()).values()]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
