/** Query keys of labels, notes and the contact panel (docs/decisions/043-labels-notes-funnel.md). */
export const conversationToolsKeys = {
  all: ['conversation-tools'] as const,
  labels: ['conversation-tools', 'labels'] as const,
  conversationLabels: (convId: string) => ['conversation-tools', 'conversation-labels', convId] as const,
  allConversationLabels: ['conversation-tools', 'conversation-labels'] as const,
  notes: (convId: string) => ['conversation-tools', 'notes', convId] as const,
};
