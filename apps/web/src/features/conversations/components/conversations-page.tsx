import { useState, type ReactNode } from 'react';
import type { AssignmentFilter } from '@vendai/contracts/team';
import { RefreshCw } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useRealtime } from '@/lib/realtime';
import { usePublicConfig } from '@/lib/public-config';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { useAgents } from '@/lib/api/get-agents';
import { useTeamRealtime } from '@/lib/api/get-team';
import { useConversationCount } from '../api/get-conversation-count';
import { useConversations } from '../api/get-conversations';
import { useNumbers } from '@/lib/api/get-numbers';
import { useConversationsRealtime } from '../hooks/use-conversations-realtime';
import { useSelectedConversation } from '../hooks/use-selected-conversation';
import { findConversation, flattenConversations } from '../lib/cache-updates';
import { AgentPicker } from './agent-picker';
import { AiUsage } from './ai-usage';
import { type ChatHeaderSlots, ChatPanel, NoConversationSelected } from './chat-panel';
import { ConversationList } from './conversation-list';
import { ConversationSearch } from '../search/conversation-search';
import { firstRunDone, firstRunProgress, GettingStarted } from './getting-started';
import { ConversationBanners } from './conversation-banners';
import { assignmentOf, ListFilterProvider, type ConversationListFilter } from './list-filter';
import { SenderNamesProvider } from './sender-names';
import type { QueueState } from './queue-tabs';

const DESCRIPTION = 'Acompanhe cada conversa ao vivo e assuma o atendimento quando quiser.';

/**
 * The dashboard (docs/product/screens.md#dashboard-inbox): banners, the conversation list column and the chat panel.
 * At phone width the list and the chat are separate views (the chat has a back button).
 */
/** What other features add to the inbox (the app's route composes them). */
export interface InboxSlots {
  /** In the open chat's header (with the conversation as the inbox knows it): state line, controls, '⋯' items. */
  chatHeader?: (convId: string) => ChatHeaderSlots;
  /** Above the open chat's message box. */
  aboveComposer?: (convId: string) => ReactNode;
  /** A small mark on a conversation's row in the list. */
  rowMark?: (convId: string) => ReactNode;
  /** Beside the open chat (a side panel; a drawer on a phone). */
  chatAside?: (convId: string) => ReactNode;
  /** The list's filter (sent to the server) and the control that sets it, in the list's header. */
  listFilter?: ConversationListFilter & { control: ReactNode };
  /** A one-line notice under the banners (the agent hints, decision 065); hidden on a phone with a chat open. */
  notice?: ReactNode;
}

export function ConversationsPage(slots: InboxSlots = {}) {
  const numbers = useNumbers();
  const usage = useCurrentUsage();
  const me = useMe();
  const agents = useAgents();
  const config = usePublicConfig();
  // 'Minhas', 'Sem responsável', 'Todas' (decision 044): asked of the server, only with a team.
  const [queue, setQueue] = useState<AssignmentFilter>('all');
  useConversationsRealtime();
  // A new attendant (or one removed) shows in 'Responsável' and the queues without a reload.
  useTeamRealtime();

  if (numbers.isPending) return <Spinner label="Carregando suas conversas..." className="m-8" />;
  if (numbers.isError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <PageHeader title="Conversas" description={DESCRIPTION} />
        <div
          role="alert"
          className="mt-8 flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800"
        >
          <p>Não foi possível carregar seus WhatsApps. {numbers.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void numbers.refetch()}>
            <RefreshCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      </div>
    );
  }

  if (!numbers.data.length) {
    const firstName = me.data?.user.name.split(' ')[0] ?? '';
    return (
      <Tooltip.Provider delayDuration={200}>
        <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
          <PageHeader
            title="Conversas"
            description={`Olá, ${firstName}! As conversas dos seus clientes aparecerão aqui assim que o WhatsApp estiver conectado.`}
            action={<AiUsage usage={usage.data} />}
          />
          <div className="mt-8">
            <GettingStarted
              numbers={[]}
              agents={agents.data ?? []}
              progress={firstRunProgress([], agents.data ?? [], false)}
              simulator={config.data?.simulator ?? false}
            />
          </div>
        </div>
      </Tooltip.Provider>
    );
  }

  return (
    <Tooltip.Provider delayDuration={200}>
      <ListFilterProvider value={{ labelId: slots.listFilter?.labelId, ...assignmentOf(queue, me.data?.user.id) }}>
        <SenderNamesProvider>
          <Inbox
            numbers={numbers.data}
            usage={usage.data}
            me={me.data}
            slots={{ ...slots, queue: { value: queue, onChange: setQueue } }}
          />
        </SenderNamesProvider>
      </ListFilterProvider>
    </Tooltip.Provider>
  );
}

function Inbox({
  slots,
  numbers,
  usage,
  me,
}: {
  slots: InboxSlots & { queue: QueueState };
  numbers: NonNullable<ReturnType<typeof useNumbers>['data']>;
  usage: ReturnType<typeof useCurrentUsage>['data'];
  me: ReturnType<typeof useMe>['data'];
}) {
  const { selectedId } = useSelectedConversation();
  const list = useConversations();
  const selected = selectedId ? findConversation(list.data, selectedId) : undefined;
  const realtime = useRealtime();
  const offline = realtime.status === 'reconnecting';
  const agents = useAgents();
  const count = useConversationCount();
  const config = usePublicConfig();
  const hasConversation = (count.data?.total ?? 0) > 0 || flattenConversations(list.data).length > 0;
  const progress = firstRunProgress(numbers, agents.data ?? [], hasConversation);
  // Shown once every list it reads has answered, so it does not flash for owners who are done.
  const showFirstRun = agents.isSuccess && (count.isSuccess || list.isSuccess) && !firstRunDone(progress);

  return (
    <div className="flex h-[calc(100dvh-8rem)] flex-col lg:h-[calc(100dvh-4rem)]">
      <div
        className={cn('shrink-0 border-b border-slate-200 bg-white px-4 py-3 sm:px-6', selectedId && 'hidden md:block')}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight text-slate-900">Conversas</h1>
            <p className="hidden text-sm text-slate-600 sm:block">{DESCRIPTION}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <AiUsage usage={usage} />
            {/* Linking agents to numbers is the owner's (decision 044). */}
            {me?.team.role === 'attendant' ? null : (
              <AgentPicker numbers={numbers} preferredNumberId={selected?.numberId ?? null} />
            )}
          </div>
        </div>
      </div>
      <ConversationBanners numbers={numbers} usage={usage} me={me} />
      {slots.notice ? <div className={cn('shrink-0', selectedId && 'hidden md:block')}>{slots.notice}</div> : null}
      {showFirstRun ? (
        <div
          className={cn(
            'max-h-[45dvh] shrink-0 overflow-y-auto border-b border-slate-200 bg-slate-50 p-3 sm:px-6',
            selectedId && 'hidden md:block',
          )}
        >
          <GettingStarted
            numbers={numbers}
            agents={agents.data ?? []}
            progress={progress}
            simulator={config.data?.simulator ?? false}
            compact
          />
        </div>
      ) : null}
      {offline ? (
        <p role="status" className="shrink-0 border-b border-slate-200 bg-slate-100 px-4 py-1.5 text-xs text-slate-700">
          Reconectando... as conversas serão atualizadas assim que a conexão voltar.
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <section
          aria-label="Lista de conversas"
          className={cn(
            'min-h-0 w-full flex-col border-slate-200 bg-white md:flex md:w-80 md:border-r md:shrink-0 xl:w-96',
            selectedId ? 'hidden' : 'flex',
          )}
        >
          <ConversationSearch selectedId={selectedId}>
            <ConversationList
              selectedId={selectedId}
              rowMark={slots.rowMark}
              filterControl={slots.listFilter?.control}
              queue={slots.queue}
            />
          </ConversationSearch>
        </section>
        <section aria-label="Conversa" className={cn('min-h-0 min-w-0 flex-1 md:flex', selectedId ? 'flex' : 'hidden')}>
          {selectedId ? (
            <ChatPanel
              convId={selectedId}
              numbers={numbers}
              header={slots.chatHeader?.(selectedId)}
              aboveComposer={slots.aboveComposer?.(selectedId)}
            />
          ) : (
            <NoConversationSelected />
          )}
          {selectedId ? slots.chatAside?.(selectedId) : null}
        </section>
      </div>
    </div>
  );
}
