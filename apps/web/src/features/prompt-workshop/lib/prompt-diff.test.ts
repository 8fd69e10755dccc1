import { describe, expect, it } from 'vitest';
import { promptDiff } from './prompt-diff';

describe('promptDiff', () => {
  it('shows added and removed lines with a little context, collapsing the rest', () => {
    const before = ['# Identidade', 'Você é Luna.', 'a', 'b', 'c', 'd', 'e', '# Regras', '- Curto.'].join('\n');
    const after = [
      '# Identidade',
      'Você é Luna.',
      'a',
      'b',
      'c',
      'd',
      'e',
      '# Regras',
      '- Curto.',
      '- Entregamos em BH.',
    ].join('\n');
    const d = promptDiff(before, after);
    expect(d.added).toBe(1);
    expect(d.removed).toBe(0);
    expect(d.lines[0]).toEqual({ kind: 'skipped', count: 7 });
    expect(d.lines.at(-1)).toEqual({ kind: 'added', text: '- Entregamos em BH.' });
  });

  it('an edited line is one removal and one addition', () => {
    const d = promptDiff('Tom: formal.\nFim.', 'Tom: informal.\nFim.');
    expect(d.lines).toEqual([
      { kind: 'removed', text: 'Tom: formal.' },
      { kind: 'added', text: 'Tom: informal.' },
      { kind: 'same', text: 'Fim.' },
    ]);
  });
});
