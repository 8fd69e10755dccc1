import { ConversationsPage } from '@/features/conversations/components/conversations-page';

/** /dashboard: the conversations (inbox) (docs/decisions/006-realtime-and-storage.md). With no WhatsApp connected it shows the getting-started steps. */
export function Component() {
  return <ConversationsPage />;
}
