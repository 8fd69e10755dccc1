import { KEY_QUESTIONS, type AnswerItem, type KeyAnswer, type RefinementSet } from '@vendai/contracts';

/** The wizard's steps (docs/product/rules.md#states-and-transitions): key questions, refinement, agent name, finished. */
export type WizardStep = 'perguntas-chave' | 'perguntas-refinamento' | 'nome' | 'finalizado';

export interface WizardState {
  step: WizardStep;
  /** Answers to KEY_QUESTIONS, in order; the current key question is the next one. */
  keyAnswers: string[];
  /** The AI's questions; null while they are being generated (or before). */
  refinement: RefinementSet | null;
  refinementAnswers: string[];
  apelido: string;
  /** What is typed in the current answer field, kept so a reload loses nothing. */
  input: string;
}

export type WizardAction =
  | { type: 'type'; text: string }
  | { type: 'typeName'; text: string }
  | { type: 'answer' }
  | { type: 'questions'; set: RefinementSet }
  | { type: 'back' }
  | { type: 'finished' }
  | { type: 'restore'; state: WizardState };

export const initialWizardState = (apelido = ''): WizardState => ({
  step: 'perguntas-chave',
  keyAnswers: [],
  refinement: null,
  refinementAnswers: [],
  apelido,
  input: '',
});

/** The current question's index within its step. */
export function questionIndex(state: WizardState): number {
  return state.step === 'perguntas-chave' ? state.keyAnswers.length : state.refinementAnswers.length;
}

/** Can 'Voltar' step back (the first key question has nothing before it). */
export function canGoBack(state: WizardState): boolean {
  if (state.step === 'finalizado') return false;
  return !(state.step === 'perguntas-chave' && state.keyAnswers.length === 0);
}

/**
 * The wizard's rules as a reducer. 'answer' takes the typed text (the caller has checked it is not
 * blank) and moves on; 'back' removes the previous answer and steps back, putting that answer in
 * the field so it can be corrected (docs/product/rules.md#states-and-transitions).
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'restore':
      return action.state;
    case 'type':
      return { ...state, input: action.text };
    case 'typeName':
      return { ...state, apelido: action.text };
    case 'questions':
      return state.step === 'perguntas-refinamento'
        ? { ...state, refinement: action.set, refinementAnswers: [], input: '' }
        : state;
    case 'finished':
      return { ...state, step: 'finalizado', input: '' };
    case 'answer': {
      const text = state.input.trim();
      if (!text) return state;
      if (state.step === 'perguntas-chave') {
        const keyAnswers = [...state.keyAnswers, text].slice(0, KEY_QUESTIONS.length);
        const done = keyAnswers.length === KEY_QUESTIONS.length;
        return {
          ...state,
          keyAnswers,
          input: '',
          ...(done ? { step: 'perguntas-refinamento', refinement: null, refinementAnswers: [] } : {}),
        };
      }
      if (state.step === 'perguntas-refinamento' && state.refinement) {
        const refinementAnswers = [...state.refinementAnswers, text];
        const done = refinementAnswers.length >= state.refinement.perguntas.length;
        return { ...state, refinementAnswers, input: '', ...(done ? { step: 'nome' } : {}) };
      }
      return state;
    }
    case 'back': {
      if (state.step === 'perguntas-chave') {
        if (!state.keyAnswers.length) return state;
        return { ...state, keyAnswers: state.keyAnswers.slice(0, -1), input: state.keyAnswers.at(-1)! };
      }
      if (state.step === 'perguntas-refinamento') {
        if (state.refinement && state.refinementAnswers.length) {
          return {
            ...state,
            refinementAnswers: state.refinementAnswers.slice(0, -1),
            input: state.refinementAnswers.at(-1)!,
          };
        }
        // Back to the last key question: new key answers mean new refinement questions.
        return {
          ...state,
          step: 'perguntas-chave',
          refinement: null,
          refinementAnswers: [],
          keyAnswers: state.keyAnswers.slice(0, -1),
          input: state.keyAnswers.at(-1) ?? '',
        };
      }
      if (state.step === 'nome') {
        return {
          ...state,
          step: 'perguntas-refinamento',
          refinementAnswers: state.refinementAnswers.slice(0, -1),
          input: state.refinementAnswers.at(-1) ?? '',
        };
      }
      return state;
    }
  }
}

/** The key answers as the API takes them. */
export function keyAnswerItems(state: WizardState): KeyAnswer[] {
  return state.keyAnswers.map((resposta, i) => ({
    tipo: 'chave',
    key: KEY_QUESTIONS[i]!.key,
    pergunta: KEY_QUESTIONS[i]!.pergunta,
    resposta,
  }));
}

/** Every answer as the API takes it (answer items of docs/product/data.md). */
export function answerItems(state: WizardState): AnswerItem[] {
  const keys: AnswerItem[] = keyAnswerItems(state);
  const refinements: AnswerItem[] = (state.refinement?.perguntas ?? [])
    .slice(0, state.refinementAnswers.length)
    .map((q, i) => ({
      tipo: 'refinamento',
      pergunta: q.pergunta,
      resposta: state.refinementAnswers[i]!,
    }));
  return [...keys, ...refinements];
}
