/** Query keys of the conversations (the inbox at /dashboard); the agents and numbers it shows use the shared agentKeys and numberKeys (lib/query-keys). */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  /** The list narrowed by a filter (a label): under `list`, so whatever refreshes the list refreshes it too. */
  filteredList: (filter: { labelId?: string; assignment?: string; personId?: string }) =>
    ['conversations', 'list', filter] as const,
  count: ['conversations', 'count'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  avatar: (id: string) => ['conversations', 'avatar', id] as const,
  /** The next follow-up touch and the scheduled messages (docs/decisions/037-follow-ups.md). */
  followUps: (id: string) => ['conversations', 'follow-ups', id] as const,
};
