import { sessionState } from '../lib/session-state';

/** The list's label filter (its id; null: every conversation). */
export const useLabelFilter = sessionState<string | null>('vendai.inbox.label-filter', null);

/** The contact panel beside the chat: open or closed, the same for every conversation opened. */
export const useContactPanelOpen = sessionState<boolean>('vendai.inbox.contact-panel', false);
