import { createContext, useContext } from 'react';

/**
 * What the list is narrowed to on the server (GET /api/conversations?labelId=). The app's route says
 * which (ConversationsPage's `listFilter`); this feature knows only the list's query parameters.
 */
export interface ConversationListFilter {
  labelId?: string;
}

const ListFilterContext = createContext<ConversationListFilter>({});
export const ListFilterProvider = ListFilterContext.Provider;

export function useListFilter(): ConversationListFilter {
  return useContext(ListFilterContext);
}
