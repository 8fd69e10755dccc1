import { createContext, useContext } from 'react';

/**
 * What the list is narrowed to on the server (GET /api/conversations?labelId=). The app's route says
 * which (ConversationsPage's `listFilter`); this feature knows only the list's query parameters.
 */
export interface ConversationListFilter {
  labelId?: string;
  /** 'Minhas' or 'Sem responsável' (GET /api/conversations?filter=, decision 044); absent: every conversation. */
  assignment?: 'mine' | 'unassigned';
  /** The person signed in ('Minhas' is theirs): decides whether a changed conversation still belongs. */
  personId?: string;
}

/** The list filter of a queue tab. */
export function assignmentOf(
  queue: 'mine' | 'unassigned' | 'all',
  personId: string | undefined,
): Pick<ConversationListFilter, 'assignment' | 'personId'> {
  return queue === 'all' ? {} : { assignment: queue, personId };
}

const ListFilterContext = createContext<ConversationListFilter>({});
export const ListFilterProvider = ListFilterContext.Provider;

export function useListFilter(): ConversationListFilter {
  return useContext(ListFilterContext);
}
