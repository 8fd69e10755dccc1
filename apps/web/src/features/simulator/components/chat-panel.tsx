import type { SimChatView, SimOutgoingMessage, SimSendAsCustomerInput } from '@vendai/contracts';
import { ArrowLeft, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useSimChat } from '../api/get-sim-chat';
import { useSendAsCustomer } from '../api/send-as-customer';
import { initials, phoneLabel } from '../lib/format';
import type { DraftChat } from '../lib/draft-chat';
import { Composer, type SendOptions } from './composer';
import { MessageBubble } from './message-bubble';

/** The customer's phone screen: the chat with the business, seen from the customer's side. */
export function ChatPanel({
  instanceName,
  chatId,
  draft,
  onBack,
  onCreated,
}: {
  instanceName: string;
  chatId: string | null;
  draft: DraftChat | null;
  onBack: () => void;
  onCreated: (chatId: string) => void;
}) {
  const chat = useSimChat(instanceName, chatId);
  const send = useSendAsCustomer(instanceName);
  const messages = useMemo(() => chat.data?.messages ?? [], [chat.data?.messages]);
  const view = chat.data?.chat ?? null;
  const isGroup = view ? view.isGroup : Boolean(draft?.group);

  // Who writes next: the chat's customer; in a group, the member last played (editable).
  const lastMember = useMemo(() => [...messages].reverse().find((m) => !m.fromBusiness && m.senderPhone), [messages]);
  const [member, setMember] = useState<{ name: string; phone: string } | null>(null);
  const writer = isGroup
    ? (member ??
      (lastMember ? { name: lastMember.senderName ?? '', phone: lastMember.senderPhone ?? '' } : draft?.customer) ??
      null)
    : view
      ? view.phone
        ? { name: view.name ?? phoneLabel(view.phone), phone: view.phone }
        : null
      : (draft?.customer ?? null);

  const bottom = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const submit = async (message: SimOutgoingMessage, options: SendOptions): Promise<boolean> => {
    if (!writer?.phone || !writer.name) {
      toast.error(
        isGroup
          ? 'Informe o nome e o número do participante que escreve.'
          : 'Esta conversa não tem o número do cliente.',
      );
      return false;
    }
    const input: SimSendAsCustomerInput = {
      customer: writer,
      group: isGroup
        ? { subject: view?.name ?? draft?.group?.subject ?? 'Grupo', ...(view ? { jid: view.remoteJid } : {}) }
        : undefined,
      useLid: options.useLid,
      sendTwice: options.sendTwice,
      message,
    };
    try {
      const result = await send.mutateAsync(input);
      if (!chatId) onCreated(result.chatId);
      return true;
    } catch (err) {
      toast.error((err as Error).message);
      return false;
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ChatHeader view={view} draft={draft} onBack={onBack} />
      {isGroup ? <MemberBar writer={writer} onChange={setMember} /> : null}
      <div
        role="log"
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-[#efeae2] px-3 py-4 sm:px-6"
        aria-live="polite"
        aria-label="Mensagens"
      >
        {chatId && chat.isPending ? <Spinner label="Carregando mensagens..." /> : null}
        {chat.isError && !chat.data ? (
          <Alert tone="error">Não foi possível carregar a conversa. {chat.error.message}</Alert>
        ) : null}
        {!chatId ? (
          <p className="mx-auto max-w-sm rounded-lg bg-amber-50 px-3 py-2 text-center text-xs text-amber-900">
            Escreva a primeira mensagem como {draft?.customer.name}. O VendAI recebe como um cliente novo.
          </p>
        ) : null}
        <ol className="flex flex-col gap-1.5">
          {messages.map((m) => (
            <li key={m.id} className={m.fromBusiness ? 'flex justify-start' : 'flex justify-end'}>
              <MessageBubble message={m} isGroup={isGroup} />
            </li>
          ))}
        </ol>
        <div ref={bottom} />
      </div>
      <Composer disabled={send.isPending} onSend={submit} />
    </div>
  );
}

function ChatHeader({
  view,
  draft,
  onBack,
}: {
  view: SimChatView | null;
  draft: DraftChat | null;
  onBack: () => void;
}) {
  const isGroup = view ? view.isGroup : Boolean(draft?.group);
  const title = view
    ? (view.name ?? (phoneLabel(view.phone) || view.remoteJid))
    : (draft?.group?.subject ?? draft?.customer.name ?? '');
  const subtitle =
    view?.presence === 'composing'
      ? 'VendAI está digitando...'
      : view?.presence === 'recording'
        ? 'VendAI está gravando áudio...'
        : isGroup
          ? 'Grupo'
          : phoneLabel(view?.phone ?? draft?.customer.phone);
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-[#f0f2f5] px-3 py-2.5">
      <button
        type="button"
        onClick={onBack}
        className="rounded-full p-1.5 text-slate-700 hover:bg-slate-200 md:hidden"
        aria-label="Voltar para as conversas"
      >
        <ArrowLeft className="size-5" aria-hidden />
      </button>
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-300 text-sm font-semibold text-slate-800"
        aria-hidden
      >
        {isGroup ? <Users className="size-5" /> : initials(title)}
      </span>
      <div className="min-w-0">
        <h2 className="truncate text-sm font-semibold text-slate-900">{title}</h2>
        <p
          className={view?.presence ? 'truncate text-xs font-medium text-brand-800' : 'truncate text-xs text-slate-600'}
        >
          {subtitle}
        </p>
      </div>
      {view?.lid ? (
        <span
          className="ml-auto shrink-0 rounded bg-slate-200 px-1.5 py-0.5 font-mono text-[11px] text-slate-700"
          title={view.lid}
        >
          @lid
        </span>
      ) : null}
    </header>
  );
}

/** In a group the person plays any member: name and number of who writes next. */
function MemberBar({
  writer,
  onChange,
}: {
  writer: { name: string; phone: string } | null;
  onChange: (m: { name: string; phone: string }) => void;
}) {
  const name = writer?.name ?? '';
  const phone = writer?.phone ?? '';
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-white px-3 py-2 text-xs">
      <span className="w-full font-semibold text-slate-700 sm:w-auto sm:self-center">Escrevendo como:</span>
      <label className="flex min-w-0 flex-1 flex-col gap-0.5 text-slate-600">
        Nome do participante
        <input
          value={name}
          onChange={(e) => onChange({ name: e.target.value, phone })}
          maxLength={60}
          className="h-8 rounded-md border border-slate-300 px-2 text-sm text-slate-900"
        />
      </label>
      <label className="flex min-w-0 flex-1 flex-col gap-0.5 text-slate-600">
        Número do participante
        <input
          value={phone}
          inputMode="numeric"
          onChange={(e) => onChange({ name, phone: e.target.value.replace(/\D/g, '') })}
          maxLength={15}
          className="h-8 rounded-md border border-slate-300 px-2 text-sm text-slate-900"
        />
      </label>
    </div>
  );
}
