/** Query keys of the inbox's conversations; the agents and numbers it shows use the shared agentKeys and numberKeys (lib/query-keys). */
export const inboxKeys = {
  all: ['inbox'] as const,
  conversations: ['inbox', 'conversations'] as const,
  count: ['inbox', 'conversation-count'] as const,
  conversation: (id: string) => ['inbox', 'conversation', id] as const,
  messages: (id: string) => ['inbox', 'messages', id] as const,
  avatar: (id: string) => ['inbox', 'avatar', id] as const,
};
