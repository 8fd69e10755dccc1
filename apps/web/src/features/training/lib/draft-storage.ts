import type { TrainingMode } from '@vendai/contracts';
import type { WizardState } from './wizard';

/**
 * The wizard's answers and agent name live in local storage until completion (docs/product/rules.md#states-and-transitions), so a
 * reload or a closed tab loses nothing. One draft at a time, tied to the user and to what is being
 * trained (a new agent, or which agent is being retrained).
 */
export const TRAINING_DRAFT_KEY = 'vendai_training_draft';

interface Draft {
  v: 1;
  userId: string;
  mode: TrainingMode;
  agentId: string | null;
  state: WizardState;
}

export interface DraftOwner {
  userId: string;
  mode: TrainingMode;
  agentId: string | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const sameOwner = (d: Draft, o: DraftOwner) =>
  d.userId === o.userId && d.mode === o.mode && (d.agentId ?? null) === (o.agentId ?? null);

function isState(value: unknown): value is WizardState {
  const s = value as WizardState | null;
  return (
    !!s &&
    ['perguntas-chave', 'perguntas-refinamento', 'nome'].includes(s.step) &&
    Array.isArray(s.keyAnswers) &&
    s.keyAnswers.every((a) => typeof a === 'string') &&
    Array.isArray(s.refinementAnswers) &&
    typeof s.apelido === 'string' &&
    typeof s.input === 'string' &&
    (s.refinement === null || Array.isArray(s.refinement?.perguntas))
  );
}

/** The saved wizard state for this user and mode, or null (none, another's, or unreadable). */
export function loadDraft(owner: DraftOwner, storage: KeyValueStorage | null = browserStorage()): WizardState | null {
  try {
    const raw = storage?.getItem(TRAINING_DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    if (draft?.v !== 1 || !sameOwner(draft, owner) || !isState(draft.state)) return null;
    return draft.state;
  } catch {
    return null;
  }
}

export function saveDraft(owner: DraftOwner, state: WizardState, storage: KeyValueStorage | null = browserStorage()) {
  try {
    const draft: Draft = { v: 1, ...owner, state };
    storage?.setItem(TRAINING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the wizard still works, it just won't survive a reload.
  }
}

export function clearDraft(storage: KeyValueStorage | null = browserStorage()) {
  try {
    storage?.removeItem(TRAINING_DRAFT_KEY);
  } catch {
    /* nothing to clear */
  }
}
