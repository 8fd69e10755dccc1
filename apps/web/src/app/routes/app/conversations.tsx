import { MenuSeparator } from '@/components/ui/more-menu';
import { ApprovalChip, ApprovalMenuItems } from '@/features/approval/components/conversation-approval-control';
import { DraftSlot } from '@/features/approval/components/draft-slot';
import { PendingDraftMark } from '@/features/approval/components/pending-draft-mark';
import { useApprovalRealtime } from '@/features/approval/hooks/use-approval-realtime';
import { AgentHint } from '@/features/agent-hints/components/agent-hint';
import { ConversationsPage } from '@/features/conversations/components/conversations-page';
import { ChatLabels, ContactPanelToggle, LabelsMenuItem } from '@/features/conversation-tools/components/chat-labels';
import { ContactPanel } from '@/features/conversation-tools/components/contact-panel';
import { ConsentSection } from '@/features/campaigns/components/consent-section';
import { LabelFilter, useActiveLabelFilter } from '@/features/conversation-tools/components/label-filter';
import { NotesHint } from '@/features/conversation-tools/components/notes-hint';
import { RowLabels } from '@/features/conversation-tools/components/row-labels';
import { useConversationToolsRealtime } from '@/features/conversation-tools/hooks/use-conversation-tools-realtime';
import { ChargeWithPixMenuItem, ConversationPix } from '@/features/pix/components/conversation-pix';
import { AssigneeControl, AssigneeMenuItems } from '@/features/team/components/assignee-control';

/** /dashboard: the conversations (inbox) (docs/decisions/006-realtime-and-storage.md). With no WhatsApp connected it shows the getting-started steps. */
export function Component() {
  // Approval mode's drafts, live (docs/decisions/045-approval-mode.md).
  useApprovalRealtime();
  // Labels, private notes and the contact panel, live (docs/decisions/043-labels-notes-funnel.md).
  useConversationToolsRealtime();
  const labelId = useActiveLabelFilter();
  return (
    <ConversationsPage
      // The chat header (docs/decisions/063-chat-header-in-one-row.md): the order's mark and 'Confirmar
      // pedido' (decision 038), approval (045) and labels (043) in the state line; 'Responsável' (044) and
      // the contact panel beside the AI switch; 'Cobrar com Pix', approval's choice, labels and the
      // assignee in '⋯'.
      chatHeader={(convId) => ({
        state: () => (
          <>
            <ConversationPix convId={convId} />
            <ApprovalChip convId={convId} />
            <ChatLabels convId={convId} />
          </>
        ),
        actions: (conversation) => (
          <>
            <AssigneeControl conversation={conversation} />
            <ContactPanelToggle />
          </>
        ),
        menu: (conversation) => (
          <>
            <ChargeWithPixMenuItem convId={convId} />
            <LabelsMenuItem />
            <MenuSeparator />
            <ApprovalMenuItems convId={convId} />
            <MenuSeparator />
            <AssigneeMenuItems conversation={conversation} />
          </>
        ),
      })}
      aboveComposer={(convId) => (
        <>
          <NotesHint convId={convId} />
          <DraftSlot key={convId} convId={convId} />
        </>
      )}
      rowMark={(convId) => (
        <>
          <PendingDraftMark convId={convId} />
          <RowLabels convId={convId} />
        </>
      )}
      chatAside={(convId) => <ContactPanel convId={convId} extra={<ConsentSection convId={convId} />} />}
      listFilter={{ labelId, control: <LabelFilter /> }}
      // A hint to the agent's follow-ups or approval when it would help (docs/decisions/065-agent-tabs-hints-and-judge.md).
      notice={<AgentHint variant="strip" />}
    />
  );
}
