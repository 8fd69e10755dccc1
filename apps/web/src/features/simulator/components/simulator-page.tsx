import { BadgeCheck, MessageSquarePlus, QrCode, MessagesSquare, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSimInstances } from '../api/get-sim-instances';
import type { DraftChat } from '../lib/draft-chat';
import { ChatsWorkspace } from './chats-workspace';
import { CloudPanel } from './cloud-panel';
import { ConnectionsPanel } from './connections-panel';
import { NewChatDialog } from './new-chat-dialog';

type Tab = 'conversas' | 'conexoes' | 'api-oficial';
const TABS: Tab[] = ['conversas', 'conexoes', 'api-oficial'];

/**
 * '/simulador' — the built-in WhatsApp simulator's page, signed in: the person plays the phone of
 * their own numbers (approving QR codes, disconnecting) and its customers (writing to them).
 */
export function SimulatorPage() {
  const [params, setParams] = useSearchParams();
  const instances = useSimInstances();
  const open = (instances.data ?? []).filter((i) => i.state === 'open');
  const waiting = (instances.data ?? []).filter((i) => i.state === 'connecting').length;
  const tab: Tab = TABS.find((t) => t === params.get('aba'))
    ? (params.get('aba') as Tab)
    : open.length
      ? 'conversas'
      : 'conexoes';
  const selected = open.find((i) => i.name === params.get('numero'))?.name ?? open[0]?.name ?? null;
  const [newChatOpen, setNewChatOpen] = useState(false);
  const [draft, setDraft] = useState<DraftChat | null>(null);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="min-h-dvh bg-slate-100">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
          <PageHeader
            title="Simulador de WhatsApp"
            description={
              <>
                Faça o papel do celular que conecta ao VendAI e dos clientes que escrevem para ele. Tudo acontece neste
                computador: nenhuma mensagem sai para o WhatsApp de verdade.
              </>
            }
            action={
              <Button onClick={() => setNewChatOpen(true)} disabled={!selected}>
                <MessageSquarePlus aria-hidden /> Nova conversa
              </Button>
            }
          />
          <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800">
            <FlaskConical className="size-3.5" aria-hidden /> Ambiente de teste
          </p>
          <div role="tablist" aria-label="Seções do simulador" className="mt-4 flex gap-1">
            <TabButton
              active={tab === 'conversas'}
              onClick={() => update({ aba: 'conversas' })}
              icon={MessagesSquare}
              label="Conversas"
            />
            <TabButton
              active={tab === 'conexoes'}
              onClick={() => update({ aba: 'conexoes' })}
              icon={QrCode}
              label="Conexões"
              badge={waiting || undefined}
            />
            <TabButton
              active={tab === 'api-oficial'}
              onClick={() => update({ aba: 'api-oficial' })}
              icon={BadgeCheck}
              label="API oficial"
            />
          </div>
        </div>
      </div>
      <main className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6 sm:py-6">
        {tab === 'api-oficial' ? (
          <CloudPanel />
        ) : tab === 'conexoes' ? (
          <ConnectionsPanel
            query={instances}
            onChat={(name) => update({ aba: 'conversas', numero: name, conversa: null })}
          />
        ) : (
          <ChatsWorkspace
            instancesQuery={instances}
            openInstances={open}
            selected={selected}
            chatId={params.get('conversa')}
            draft={draft}
            onSelectNumber={(name) => {
              setDraft(null);
              update({ numero: name, conversa: null });
            }}
            onSelectChat={(chatId) => {
              setDraft(null);
              update({ conversa: chatId });
            }}
            onCloseChat={() => {
              setDraft(null);
              update({ conversa: null });
            }}
            onNewChat={() => setNewChatOpen(true)}
            onGoToConnections={() => update({ aba: 'conexoes' })}
          />
        )}
      </main>
      <NewChatDialog
        open={newChatOpen}
        onOpenChange={setNewChatOpen}
        onStart={(d) => {
          setNewChatOpen(false);
          setDraft(d);
          update({ aba: 'conversas', conversa: null });
        }}
      />
    </div>
  );
}

function TabButton({
  active,
  onClick,
  icon: Icon,
  label,
  badge,
}: {
  active: boolean;
  onClick: () => void;
  icon: typeof QrCode;
  label: string;
  badge?: number;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={onClick}
      className={cn(
        '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors',
        active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
      {badge ? (
        <span
          className="rounded-full bg-amber-100 px-1.5 text-xs font-bold text-amber-800"
          aria-label={`${badge} aguardando`}
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
