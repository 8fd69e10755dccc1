import type { ReactNode } from 'react';
import type { ConversationDto, NumberView } from '@vendai/contracts';
import { ArrowLeft, MessageSquareText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useAgents } from '@/lib/api/get-agents';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { conversationQueryOptions } from '../api/get-conversation';
import { storeConversation } from '../api/update-conversation-ai';
import { useDocumentVisible } from '../hooks/use-document-visible';
import { findConversation } from '../lib/cache-updates';
import { contactDisplayName, contactHandle, conversationNumberLabel } from '../lib/display-names';
import { AiSwitch } from './ai-switch';
import { agentProblem, NoAgentBadge, NoAgentNotice } from './no-agent-notice';
import { WindowAwareComposer } from '../window/window-composer';
import { ContactAvatar } from './contact-avatar';
import { GroupBadge } from './group-badge';
import { HandoffBanner } from './handoff-banner';
import { MessageList } from './message-list';
import { EraseContactMenuItem } from './erase-contact-button';
import { FollowUpStrip } from './follow-up-strip';
import { OptOutBanner } from './opt-out-banner';
import { NEVER_ANSWER_HINT, NeverAnswerMenuItem } from './never-answer-switch';
import { MenuSeparator, MoreMenu } from '@/components/ui/more-menu';

/** What other features put in the open chat's header (the route composes them), given the conversation. */
export interface ChatHeaderSlots {
  /** Compact marks in the state line: approval, the order, labels… */
  state?: (conversation: ConversationDto) => ReactNode;
  /** Few controls beside the AI switch (the assignee, the contact panel). */
  actions?: (conversation: ConversationDto) => ReactNode;
  /** Items of the '⋯' menu, before 'Nunca responder' and the contact's erasure. */
  menu?: (conversation: ConversationDto) => ReactNode;
}

/** The open conversation: header with the AI/Manual switch, messages, and the owner's message box. */
export function ChatPanel({
  convId,
  numbers,
  header,
  aboveComposer,
}: {
  convId: string;
  numbers: NumberView[];
  /** Other features' parts of the header (the route passes them), given the open conversation. */
  header?: ChatHeaderSlots;
  /** Other features' content above the message box (the route passes it). */
  aboveComposer?: ReactNode;
}) {
  const list = useConversations();
  const fromList = findConversation(list.data, convId);
  // A conversation outside the loaded pages (a shared link, a deep one) is read on its own.
  const single = useConversation(convId, { enabled: !fromList });
  const conversation = fromList ?? single.data;

  if (!conversation) {
    if (single.isError) {
      return (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
          <p className="font-semibold text-slate-900">Conversa não encontrada</p>
          <p className="text-sm text-slate-600">Ela pode ter sido removida junto com o número de WhatsApp.</p>
          <Link
            to={paths.conversations.getHref()}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            Voltar para as conversas
          </Link>
        </div>
      );
    }
    return <div className="flex-1 animate-pulse bg-slate-50" aria-busy="true" aria-label="Carregando conversa" />;
  }
  return <OpenChat conversation={conversation} numbers={numbers} header={header} aboveComposer={aboveComposer} />;
}

function OpenChat({
  conversation,
  numbers,
  header,
  aboveComposer,
}: {
  conversation: ConversationDto;
  numbers: NumberView[];
  header?: ChatHeaderSlots;
  aboveComposer?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const markRead = useMarkConversationRead();
  const send = useSendMessage(conversation.id);
  const name = contactDisplayName(conversation);
  const number = numbers.find((n) => n.id === conversation.numberId);
  const disconnected = number?.status === 'DESCONECTADO';
  const agents = useAgents();
  const problem = conversation.type === 'group' ? null : agentProblem(number, agents.data);

  // Opening a conversation clears its unread count; so does a message arriving while it is open.
  const { mutate: markReadMutate } = markRead;
  const visible = useDocumentVisible();
  const lastMarked = useRef<string | null>(null);
  useEffect(() => {
    if (conversation.unreadCount <= 0 || !visible) return;
    const key = `${conversation.id}:${conversation.lastMessage}:${conversation.unreadCount}`;
    if (lastMarked.current === key) return;
    lastMarked.current = key;
    markReadMutate(conversation.id);
  }, [conversation.id, conversation.unreadCount, conversation.lastMessage, visible, markReadMutate]);

  const onSend = async (text: string) => {
    await send.mutateAsync(text);
    // The engine switched the conversation to Manual: read it back (realtime also tells, if connected).
    void queryClient
      .fetchQuery({ ...conversationQueryOptions(conversation.id), staleTime: 0 })
      .then((dto) => storeConversation(queryClient, dto))
      .catch(() => {});
  };

  const subtitle = [
    conversation.contactName ? contactHandle(conversation) : null,
    `via ${conversationNumberLabel(conversation.number)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col bg-white">
      {/*
        One row (docs/decisions/063-chat-header-in-one-row.md): who, the state line, the AI switch, the
        other features' few controls and '⋯' with the rest. The state line takes a row of its own when the
        chat is narrow (a phone, or the contact panel open beside the list).
      */}
      <header className="@container flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-3 py-2 sm:gap-x-3 sm:px-4">
        <Link
          to={paths.conversations.getHref()}
          className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Voltar para as conversas"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <ContactAvatar convId={conversation.id} name={name} isGroup={conversation.type === 'group'} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <span className="truncate" data-testid="chat-title">
              {name}
            </span>
            {conversation.type === 'group' ? <GroupBadge /> : null}
          </h2>
          <p className="truncate text-xs text-slate-600">{subtitle}</p>
        </div>
        <div
          data-testid="chat-state"
          aria-label="Situação da conversa"
          role="group"
          className="order-last flex min-w-0 basis-full items-center gap-1.5 overflow-hidden p-0.5 empty:hidden @xl:order-none @xl:basis-auto @xl:flex-initial"
        >
          {header?.state?.(conversation)}
        </div>
        {problem ? <NoAgentBadge problem={problem} /> : <AiSwitch conversation={conversation} />}
        {header?.actions?.(conversation)}
        <MoreMenu key={conversation.id} label="Mais ações da conversa">
          {header?.menu?.(conversation)}
          <NeverAnswerMenuItem conversation={conversation} />
          <MenuSeparator />
          <EraseContactMenuItem conversation={conversation} name={name} />
        </MoreMenu>
      </header>
      {problem && number ? <NoAgentNotice problem={problem} number={number} agents={agents.data ?? []} /> : null}
      <HandoffBanner conversation={conversation} />
      {conversation.neverAnswer ? (
        <p className="shrink-0 border-b border-red-200 bg-red-50 px-4 py-1.5 text-xs text-red-900">
          {NEVER_ANSWER_HINT}
        </p>
      ) : null}
      <OptOutBanner conversation={conversation} />
      <MessageList key={`messages-${conversation.id}`} convId={conversation.id} />
      <FollowUpStrip key={`follow-ups-${conversation.id}`} conversation={conversation} />
      {aboveComposer}
      <WindowAwareComposer
        key={`composer-${conversation.id}`}
        convId={conversation.id}
        onSend={onSend}
        warning={
          disconnected ? 'Este WhatsApp está desconectado: reconecte para que suas mensagens cheguem ao cliente.' : null
        }
      />
    </div>
  );
}

/** No conversation open (desktop): what to do next. */
export function NoConversationSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-slate-50 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MessageSquareText className="size-7" aria-hidden />
      </span>
      <p className="font-semibold text-slate-900">Selecione uma conversa</p>
      <p className="max-w-sm text-sm text-slate-600">
        Escolha uma conversa na lista para ler as mensagens, ver as respostas da IA e assumir o atendimento quando
        quiser.
      </p>
    </div>
  );
}
