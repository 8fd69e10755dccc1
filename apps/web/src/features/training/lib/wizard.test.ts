import { describe, expect, it } from 'vitest';
import { KEY_QUESTIONS, type RefinementSet } from '@vendai/contracts';
import {
  answerItems,
  canGoBack,
  initialWizardState,
  questionIndex,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard';

const SET: RefinementSet = {
  perguntas: [
    { pergunta: 'Prazo?', categoria: 'entrega', justificativa: '' },
    { pergunta: 'Pix?', categoria: 'pagamento', justificativa: '' },
    { pergunta: 'Frete?', categoria: 'entrega', justificativa: '' },
  ],
  total: 3,
  contexto: 'c',
  source: 'ai',
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const answer = (text: string): WizardAction[] => [{ type: 'type', text }, { type: 'answer' }];
const allKeys = () => KEY_QUESTIONS.flatMap((_, i) => answer(`resposta ${i + 1}`));

describe('wizardReducer', () => {
  it('asks the 7 key questions one at a time, then waits for the refinement questions', () => {
    let s = run(initialWizardState(), ...answer('  Doce Encanto  '));
    expect(s.keyAnswers).toEqual(['Doce Encanto']);
    expect(questionIndex(s)).toBe(1);
    expect(s.input).toBe('');
    s = run(initialWizardState(), ...allKeys());
    expect(s.step).toBe('perguntas-refinamento');
    expect(s.refinement).toBeNull();
    expect(s.keyAnswers).toHaveLength(7);
  });

  it('ignores a blank answer (the form shows the message)', () => {
    const s = run(initialWizardState(), ...answer('   '));
    expect(s.keyAnswers).toEqual([]);
    expect(s.step).toBe('perguntas-chave');
  });

  it('after the refinement answers comes the name, then finished', () => {
    let s = run(
      initialWizardState(),
      ...allKeys(),
      { type: 'questions', set: SET },
      ...answer('3 dias'),
      ...answer('sim'),
    );
    expect(s.step).toBe('perguntas-refinamento');
    s = run(s, ...answer('R$ 25'));
    expect(s.step).toBe('nome');
    s = run(s, { type: 'typeName', text: 'Luna' }, { type: 'finished' });
    expect(s.step).toBe('finalizado');
    expect(answerItems(s)).toHaveLength(10);
    expect(answerItems(s)[0]).toEqual({
      tipo: 'chave',
      key: 'negocio',
      pergunta: KEY_QUESTIONS[0].pergunta,
      resposta: 'resposta 1',
    });
    expect(answerItems(s)[9]).toEqual({ tipo: 'refinamento', pergunta: 'Frete?', resposta: 'R$ 25' });
  });

  it('back removes the previous answer, steps back and puts that answer in the field', () => {
    let s = run(initialWizardState(), ...answer('a'), ...answer('b'));
    s = run(s, { type: 'type', text: 'rascunho' }, { type: 'back' });
    expect(s.keyAnswers).toEqual(['a']);
    expect(s.input).toBe('b');
    expect(questionIndex(s)).toBe(1);
    s = run(s, { type: 'back' });
    expect(s.keyAnswers).toEqual([]);
    expect(canGoBack(s)).toBe(false);
    expect(run(s, { type: 'back' })).toEqual(s);
  });

  it('back from the first refinement question returns to the last key question and drops the questions', () => {
    const s = run(initialWizardState(), ...allKeys(), { type: 'questions', set: SET }, { type: 'back' });
    expect(s.step).toBe('perguntas-chave');
    expect(s.keyAnswers).toHaveLength(6);
    expect(s.input).toBe('resposta 7');
    expect(s.refinement).toBeNull();
  });

  it('back from the name returns to the last refinement question, keeping the name', () => {
    const s = run(
      initialWizardState('Luna'),
      ...allKeys(),
      { type: 'questions', set: SET },
      ...answer('1'),
      ...answer('2'),
      ...answer('3'),
      { type: 'back' },
    );
    expect(s.step).toBe('perguntas-refinamento');
    expect(s.refinementAnswers).toEqual(['1', '2']);
    expect(s.input).toBe('3');
    expect(s.apelido).toBe('Luna');
  });
});
