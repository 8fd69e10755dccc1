import { LABEL_COLORS, type LabelDto } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { LABEL_COLOR_STYLE, labelsOf } from './label-colors';

const label = (id: string, name: string): LabelDto => ({ id, name, color: 'sky' });

describe('etiquetas de uma conversa', () => {
  it('na ordem da conta (por nome), sem as etiquetas que acabaram de ser apagadas', () => {
    const all = [label('1', 'Atacado'), label('2', 'Pago'), label('3', 'VIP')];
    expect(labelsOf(all, ['3', '1', 'apagada'])).toEqual([all[0], all[2]]);
    expect(labelsOf(all, [])).toEqual([]);
    expect(labelsOf(undefined, ['1'])).toEqual([]);
  });

  it('cada cor da paleta tem nome em português e estilo', () => {
    for (const color of LABEL_COLORS) expect(LABEL_COLOR_STYLE[color].name).toMatch(/^[A-Z]/);
  });
});
