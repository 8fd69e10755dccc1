import type { UseQueryResult } from '@tanstack/react-query';
import type { SimChatView, SimInstanceView } from '@vendai/contracts';
import { MessageSquarePlus, QrCode, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSimChats } from '../api/get-sim-chats';
import type { DraftChat } from '../lib/draft-chat';
import { initials, phoneLabel, timeOf } from '../lib/format';
import { ChatPanel } from './chat-panel';

/** WhatsApp-Web-like: the connected number and its chats on the left, the open chat on the right (one at a time on a phone). */
export function ChatsWorkspace({
  instancesQuery,
  openInstances,
  selected,
  chatId,
  draft,
  onSelectNumber,
  onSelectChat,
  onCloseChat,
  onNewChat,
  onGoToConnections,
}: {
  instancesQuery: UseQueryResult<SimInstanceView[]>;
  openInstances: SimInstanceView[];
  selected: string | null;
  chatId: string | null;
  draft: DraftChat | null;
  onSelectNumber: (name: string) => void;
  onSelectChat: (chatId: string) => void;
  onCloseChat: () => void;
  onNewChat: () => void;
  onGoToConnections: () => void;
}) {
  const chats = useSimChats(selected);
  if (instancesQuery.isPending) return <Spinner label="Carregando números conectados..." />;
  if (instancesQuery.isError && !instancesQuery.data)
    return <Alert tone="error">Não foi possível carregar o simulador. {instancesQuery.error.message}</Alert>;
  if (!selected) {
    return (
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <QrCode className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum número conectado</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          Para conversar como cliente, primeiro conecte um número: aprove o QR Code dele em Conexões.
        </p>
        <Button className="mt-6" onClick={onGoToConnections}>
          Ver conexões
        </Button>
      </section>
    );
  }
  const chatOpen = Boolean(chatId || draft);
  return (
    <div className="grid h-[calc(100dvh-19rem)] min-h-[28rem] md:h-[calc(100dvh-13rem)] md:min-h-[32rem] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[20rem_1fr]">
      <aside
        className={cn('flex min-h-0 flex-col border-slate-200 md:border-r', chatOpen && 'hidden md:flex')}
        aria-label="Conversas do número"
      >
        <div className="space-y-2 border-b border-slate-200 bg-slate-50 p-3">
          <label htmlFor="sim-number" className="block text-xs font-semibold text-slate-700">
            Número conectado (você escreve para ele)
          </label>
          <select
            id="sim-number"
            value={selected}
            onChange={(e) => onSelectNumber(e.target.value)}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
          >
            {openInstances.map((i) => (
              <option key={i.name} value={i.name}>
                {phoneLabel(i.ownerPhone)} · {i.name}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" className="w-full" onClick={onNewChat}>
            <MessageSquarePlus aria-hidden /> Nova conversa
          </Button>
        </div>
        <ChatList query={chats} activeId={chatId} onSelect={onSelectChat} />
      </aside>
      <section className={cn('min-h-0 min-w-0', !chatOpen && 'hidden md:block')} aria-label="Conversa">
        {chatOpen ? (
          <ChatPanel
            key={`${selected}:${chatId ?? 'draft'}`}
            instanceName={selected}
            chatId={chatId}
            draft={draft}
            onBack={onCloseChat}
            onCreated={onSelectChat}
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 bg-[#f0f2f5] p-6 text-center">
            <p className="text-base font-semibold text-slate-800">Escolha uma conversa</p>
            <p className="max-w-sm text-sm text-slate-600">
              Ou comece uma nova: você escreve como cliente e vê aqui as respostas do VendAI.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

function ChatList({
  query,
  activeId,
  onSelect,
}: {
  query: UseQueryResult<SimChatView[]>;
  activeId: string | null;
  onSelect: (id: string) => void;
}) {
  if (query.isPending)
    return (
      <div className="p-4">
        <Spinner label="Carregando conversas..." />
      </div>
    );
  if (query.isError && !query.data)
    return (
      <Alert tone="error" className="m-3">
        Não foi possível carregar as conversas.
      </Alert>
    );
  const list = query.data ?? [];
  if (!list.length)
    return (
      <p className="p-4 text-sm text-slate-600">
        Nenhuma conversa ainda. Clique em “Nova conversa” e escreva como um cliente.
      </p>
    );
  return (
    <ul className="min-h-0 flex-1 overflow-y-auto">
      {list.map((chat) => (
        <li key={chat.id}>
          <button
            type="button"
            onClick={() => onSelect(chat.id)}
            aria-current={chat.id === activeId ? 'true' : undefined}
            className={cn(
              'flex w-full items-center gap-3 border-b border-slate-100 px-3 py-3 text-left hover:bg-slate-50',
              chat.id === activeId && 'bg-slate-100',
            )}
          >
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-300 text-sm font-semibold text-slate-800"
              aria-hidden
            >
              {chat.isGroup ? <Users className="size-5" /> : initials(chat.name)}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-semibold text-slate-900">
                  {chat.name || phoneLabel(chat.phone) || chat.remoteJid}
                </span>
                <span className="shrink-0 text-xs text-slate-600">
                  {timeOf(new Date(chat.lastMessageAt).getTime() / 1000)}
                </span>
              </span>
              <span className="flex items-center justify-between gap-2">
                <span
                  className={cn('truncate text-sm', chat.presence ? 'font-medium text-brand-700' : 'text-slate-600')}
                >
                  {chat.presence === 'composing'
                    ? 'digitando...'
                    : chat.presence === 'recording'
                      ? 'gravando áudio...'
                      : (chat.lastPreview ?? '')}
                </span>
                {chat.unread ? (
                  <span
                    className="shrink-0 rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
                    aria-label={`${chat.unread} respostas não lidas`}
                  >
                    {chat.unread}
                  </span>
                ) : null}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
