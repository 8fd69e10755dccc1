import { ConversationsPage } from '@/features/conversations/components/conversations-page';
import { ConversationPix } from '@/features/pix/components/conversation-pix';

/** /dashboard: the conversations (inbox) (docs/decisions/006-realtime-and-storage.md). With no WhatsApp connected it shows the getting-started steps. */
export function Component() {
  // 'Cobrar com Pix' and the order's mark in the chat header (decision 038).
  return <ConversationsPage chatActions={(convId) => <ConversationPix convId={convId} />} />;
}
