import { InboxPage } from '@/features/inbox/components/inbox-page';

/** /dashboard: the inbox (issue 6). With no WhatsApp connected it shows the getting-started steps. */
export function Component() {
  return <InboxPage />;
}
