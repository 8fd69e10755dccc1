/** Query keys of the inbox. `numbers` is the same list the instances screen reads (GET /api/numbers). */
export const inboxKeys = {
  all: ['inbox'] as const,
  conversations: ['inbox', 'conversations'] as const,
  count: ['inbox', 'conversation-count'] as const,
  conversation: (id: string) => ['inbox', 'conversation', id] as const,
  messages: (id: string) => ['inbox', 'messages', id] as const,
  avatar: (id: string) => ['inbox', 'avatar', id] as const,
  agents: ['inbox', 'agents'] as const,
  numbers: ['numbers'] as const,
};
