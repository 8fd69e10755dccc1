import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft, TRAINING_DRAFT_KEY } from './draft-storage';
import { initialWizardState, wizardReducer } from './wizard';

const owner = { userId: 'u1', mode: 'create' as const, agentId: null };

describe('training draft in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the answers, the typed text and the name across a reload', () => {
    const state = wizardReducer(wizardReducer(initialWizardState('Luna'), { type: 'type', text: 'Doce Encanto' }), {
      type: 'answer',
    });
    saveDraft(owner, { ...state, input: 'meio escrito' });
    expect(loadDraft(owner)).toEqual({ ...state, input: 'meio escrito' });
  });

  it('belongs to one user and one training: another user or agent starts fresh', () => {
    saveDraft(owner, initialWizardState('Luna'));
    expect(loadDraft({ ...owner, userId: 'u2' })).toBeNull();
    expect(loadDraft({ userId: 'u1', mode: 'update', agentId: 'a1' })).toBeNull();
  });

  it('is cleared at completion, and unreadable data is ignored', () => {
    saveDraft(owner, initialWizardState());
    clearDraft();
    expect(localStorage.getItem(TRAINING_DRAFT_KEY)).toBeNull();
    localStorage.setItem(TRAINING_DRAFT_KEY, '{quebrado');
    expect(loadDraft(owner)).toBeNull();
    localStorage.setItem(TRAINING_DRAFT_KEY, JSON.stringify({ v: 1, ...owner, state: { step: 'finalizado' } }));
    expect(loadDraft(owner)).toBeNull();
  });
});
