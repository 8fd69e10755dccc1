/** Query keys of labels, notes and the contact panel (docs/decisions/043-labels-notes-funnel.md). */
export const inboxToolsKeys = {
  all: ['inbox-tools'] as const,
  labels: ['inbox-tools', 'labels'] as const,
  conversationLabels: (convId: string) => ['inbox-tools', 'conversation-labels', convId] as const,
  allConversationLabels: ['inbox-tools', 'conversation-labels'] as const,
  notes: (convId: string) => ['inbox-tools', 'notes', convId] as const,
};
