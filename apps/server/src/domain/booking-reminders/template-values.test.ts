import { describe, expect, it } from 'vitest';
import { reminderTemplateValues } from './template-values.ts';

const FACTS = {
  customerName: 'Carla Dias',
  serviceName: 'Limpeza',
  professionalName: 'Dra. Lia',
  when: 'quinta-feira, 10/12 às 09:00',
};

describe("the reminder template's values", () => {
  it('a NAMED template: any of the fields, in any order and number, each with its name', () => {
    expect(
      reminderTemplateValues(
        { parameterFormat: 'NAMED', variables: 4, bodyNames: ['hora', 'nome', 'profissional', 'data'] },
        FACTS,
      ),
    ).toEqual({
      values: ['09:00', 'Carla', 'Dra. Lia', 'quinta-feira, 10/12'],
      names: ['hora', 'nome', 'profissional', 'data'],
    });
    expect(
      reminderTemplateValues({ parameterFormat: 'NAMED', variables: 2, bodyNames: ['Serviço', 'quando'] }, FACTS),
    ).toEqual({ values: ['Limpeza', 'quinta-feira, 10/12 às 09:00'], names: ['Serviço', 'quando'] });
  });

  it('an unknown name is refused before anything is sent, saying which names exist', () => {
    const out = reminderTemplateValues({ parameterFormat: 'NAMED', variables: 2, bodyNames: ['nome', 'valor'] }, FACTS);
    expect(out).toEqual({ error: expect.stringContaining('usa {{valor}}, que o VendAI não conhece') });
    expect((out as { error: string }).error).toContain('{{profissional}}');
  });

  it('a POSITIONAL template: the first version’s three in order; another count is refused', () => {
    expect(reminderTemplateValues({ parameterFormat: 'POSITIONAL', variables: 3, bodyNames: [] }, FACTS)).toEqual({
      values: ['Carla', 'Limpeza', 'quinta-feira, 10/12 às 09:00'],
    });
    expect(reminderTemplateValues({ parameterFormat: 'POSITIONAL', variables: 0, bodyNames: [] }, FACTS)).toEqual({
      values: [],
    });
    expect(reminderTemplateValues({ parameterFormat: 'POSITIONAL', variables: 2, bodyNames: [] }, FACTS)).toEqual({
      error: expect.stringContaining('tem 2 variáveis numeradas'),
    });
  });
});
