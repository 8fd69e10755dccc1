import {
  agentDisplayName,
  PLAYGROUND,
  PLAYGROUND_FAILURE_MESSAGE,
  PLAYGROUND_NO_AGENT_MESSAGE,
} from '@vendai/contracts';
import { Bot, Eraser, GraduationCap, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { PageHeader } from '@/components/layouts/page-header';
import { TestAllowance } from '@/components/test-allowance';
import { Button } from '@/components/ui/button';
import { FollowUpPreview } from './follow-up-preview';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useActiveAgents } from '@/lib/api/get-agents';
import { usePlaygroundReply } from '../api/playground';
import { toRequestMessages, type ChatMessage } from '../lib/playground-chat';

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
let nextId = 1;

/**
 * /playground (docs/product/rules.md#validation, docs/product/messages.md): chat with one of the user's active agents as a
 * customer would on WhatsApp — the answer comes through our server with the conversation engine's
 * own prompt, history window, model settings and splitting (each part is a bubble). Not counted in
 * the monthly AI messages.
 */
export function PlaygroundPage() {
  const agents = useActiveAgents();
  const [agentId, setAgentId] = useState<string | null>(null);
  const selected = agents.data?.find((a) => a.id === agentId) ?? agents.data?.[0] ?? null;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col px-4 py-8 sm:px-6">
      <PageHeader
        title="Playground"
        description="Converse com o seu agente como se fosse um cliente no WhatsApp, antes de colocá-lo para atender."
      />
      <TestAllowance
        className="mt-3"
        cost="Cada mensagem que você envia aqui usa 1 mensagem de teste; não conta nas respostas da IA aos clientes."
      />
      <DemoModeNotice className="mt-5" />
      {agents.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label="Carregando agentes..." />
        </div>
      ) : agents.isError ? (
        <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-sm text-red-800">
          Erro ao carregar agentes
        </p>
      ) : !selected ? (
        <NoAgent />
      ) : (
        <Chat key={selected.id} agents={agents.data!} agentId={selected.id} onAgentChange={setAgentId} />
      )}
    </div>
  );
}

function NoAgent() {
  return (
    <section
      role="alert"
      className="mt-8 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Bot className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{PLAYGROUND_NO_AGENT_MESSAGE}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Treine um agente ativo para conversar com ele aqui antes de atender clientes.
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.onboarding.trainAi.getHref({ mode: 'create' })}>
          <GraduationCap aria-hidden />
          Fazer Treinamento
        </Link>
      </Button>
    </section>
  );
}

function Chat({
  agents,
  agentId,
  onAgentChange,
}: {
  agents: { id: string; apelido: string | null }[];
  agentId: string;
  onAgentChange: (id: string) => void;
}) {
  const id = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const reply = usePlaygroundReply();
  const endRef = useRef<HTMLDivElement | null>(null);
  const busy = reply.isPending;
  const agent = agents.find((a) => a.id === agentId)!;

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [messages.length, busy]);

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const texto = text.trim();
    if (!texto || busy) return;
    const mine: ChatMessage = { id: nextId++, tipo: 'user', texto, timestamp: new Date().toISOString() };
    const next = [...messages, mine];
    setMessages(next);
    setText('');
    reply.mutate(
      { agent_id: agentId, messages: toRequestMessages(next).slice(-PLAYGROUND.historyMax) },
      {
        onSuccess: ({ parts, factsUsed, photos, guard }) =>
          setMessages((m) => [
            ...m,
            ...parts.map((p, i) => ({
              id: nextId++,
              tipo: 'ai' as const,
              texto: p,
              timestamp: new Date().toISOString(),
              ...(i === parts.length - 1 ? { facts: factsUsed.map((f) => f.label), photos, guard: guard.blocked } : {}),
            })),
          ]),
        onError: (err) =>
          setMessages((m) => [
            ...m,
            {
              id: nextId++,
              tipo: 'ai',
              // 429 (too fast) and 403 (the month's test allowance is used up) say why, in Portuguese.
              texto:
                err instanceof ApiError && (err.status === 429 || err.status === 403)
                  ? err.message
                  : PLAYGROUND_FAILURE_MESSAGE,
              timestamp: new Date().toISOString(),
              failed: true,
            },
          ]),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <section
      className="mt-6 flex h-[calc(100dvh-16rem)] min-h-[30rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-label="Chat de teste"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
          <Bot className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-agent`} className="block text-xs font-medium text-slate-500">
            Agente
          </label>
          <select
            id={`${id}-agent`}
            value={agentId}
            onChange={(e) => onAgentChange(e.target.value)}
            className="-ml-1 max-w-full truncate rounded-md bg-transparent py-0.5 pr-6 pl-1 text-[15px] font-semibold text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          >
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {agentDisplayName(a)}
              </option>
            ))}
          </select>
        </div>
        <FollowUpPreview agentId={agentId} messages={messages} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setMessages([])}
          disabled={messages.length === 0 && !busy}
        >
          <Eraser aria-hidden />
          Limpar Chat
        </Button>
      </header>

      <div className="flex-1 overflow-y-auto bg-[#efeae2] px-3 py-4 sm:px-6" aria-live="polite">
        {messages.length === 0 ? (
          <div className="mx-auto mt-6 max-w-sm rounded-xl bg-white/90 px-4 py-3 text-center text-sm text-slate-600 shadow-sm">
            <p className="font-medium text-slate-800">Você é o cliente.</p>
            <p className="mt-1">
              Mande uma mensagem como mandaria no WhatsApp. {agentDisplayName(agent)} responde exatamente como
              responderia lá, em uma ou mais mensagens.
            </p>
          </div>
        ) : null}
        <ol className="space-y-1.5" aria-label="Mensagens">
          {messages.map((m, i) => (
            <li
              key={m.id}
              className={cn(
                'flex',
                m.tipo === 'user' ? 'justify-end' : 'justify-start',
                i > 0 && messages[i - 1]!.tipo !== m.tipo && 'pt-2',
              )}
              data-testid={m.tipo === 'ai' ? 'playground-ai' : 'playground-user'}
            >
              <p
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-1.5 text-[14.5px] leading-snug whitespace-pre-wrap break-words shadow-sm sm:max-w-[70%]',
                  m.tipo === 'user'
                    ? 'bg-[#d9fdd3] text-slate-900'
                    : m.failed
                      ? 'bg-red-50 text-red-800 ring-1 ring-red-100'
                      : 'bg-white text-slate-900',
                )}
              >
                {m.texto}
                <time dateTime={m.timestamp} className="ml-2 inline-block translate-y-1 text-[11px] text-slate-600">
                  {timeFormat.format(new Date(m.timestamp))}
                </time>
                {m.photos?.length ? (
                  <span className="mt-1.5 flex flex-wrap gap-1.5" data-testid="playground-photos">
                    {m.photos.map((p) => (
                      <span key={p.url} className="flex w-28 flex-col gap-0.5 text-xs text-slate-600">
                        <img
                          src={p.url}
                          alt={`Foto: ${p.caption}`}
                          className="h-28 w-28 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
                        />
                        <span className="truncate">{p.caption}</span>
                      </span>
                    ))}
                  </span>
                ) : null}
                {m.facts?.length || m.guard ? (
                  <span
                    className="mt-1.5 block border-t border-slate-100 pt-1 text-xs text-slate-600"
                    data-testid="playground-facts"
                  >
                    {m.facts?.length ? `Usou: ${m.facts.join(' · ')}` : null}
                    {m.guard ? <span className="block text-amber-800">Proteção de preços: {m.guard}</span> : null}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
          {busy ? (
            <li className="flex justify-start pt-2">
              <p className="rounded-lg bg-white px-3 py-1.5 text-sm text-slate-500 italic shadow-sm">digitando…</p>
            </li>
          ) : null}
        </ol>
        <div ref={endRef} />
      </div>

      <form onSubmit={send} className="flex items-end gap-2 border-t border-slate-200 bg-slate-50 p-3">
        <label htmlFor={`${id}-text`} className="sr-only">
          Mensagem
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={PLAYGROUND.messageMax}
          placeholder="Digite uma mensagem"
          className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2 text-[15px] text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
        <Button
          type="submit"
          size="icon"
          className="size-10 rounded-full"
          disabled={busy || text.trim() === ''}
          aria-label="Enviar mensagem"
        >
          <SendHorizontal aria-hidden />
        </Button>
      </form>
    </section>
  );
}
