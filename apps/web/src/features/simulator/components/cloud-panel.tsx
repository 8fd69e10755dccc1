import type { SimCloudMessageView, SimCloudNumberView } from '@vendai/contracts';
import { formatPhone, simBsuidOf } from '@vendai/contracts';
import { Send, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useInjectCloudErrors, useSendAsCloudCustomer, useSimCloudMessages, useSimCloudNumbers } from '../api/cloud';

const time = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * The simulator page's 'API oficial' tab (docs/decisions/036-cloud-signup-window-pacing.md): the account's numbers
 * connected through Meta's official API, played by the simulator's Graph-compatible fake. A customer
 * writes (a signed webhook reaches the app), the number's sends show up with their template, and errors
 * can be queued for the next sends (Meta's throughput and pair-rate limits).
 */
export function CloudPanel() {
  const numbers = useSimCloudNumbers();
  const [selected, setSelected] = useState<string | null>(null);
  if (numbers.isPending) return <Spinner label="Carregando os números da API oficial..." />;
  if (numbers.isError) return <Alert tone="error">Não foi possível carregar os números da API oficial.</Alert>;
  const list = numbers.data;
  if (!list.length)
    return (
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        Nenhum número conectado pela API oficial. No VendAI, em WhatsApp&apos;s, clique em &quot;+ Novo WhatsApp&quot; e
        escolha &quot;API oficial da Meta&quot;: o cadastro da Meta abre aqui no simulador.
      </section>
    );
  const number = list.find((n) => n.phoneNumberId === selected) ?? list[0]!;
  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
      <ul className="space-y-2" aria-label="Números da API oficial">
        {list.map((n) => (
          <li key={n.phoneNumberId}>
            <button
              type="button"
              onClick={() => setSelected(n.phoneNumberId)}
              aria-pressed={n.phoneNumberId === number.phoneNumberId}
              className="w-full rounded-xl border border-slate-200 bg-white p-3 text-left text-sm aria-pressed:border-brand-600 aria-pressed:ring-1 aria-pressed:ring-brand-600"
            >
              <span className="block font-semibold text-slate-900">{n.name ?? formatPhone(n.display)}</span>
              <span className="block text-slate-500">{formatPhone(n.display)}</span>
              <span className="mt-1 block text-xs text-slate-500">
                Qualidade {n.quality} · {n.tier}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <NumberChat key={number.phoneNumberId} number={number} />
    </div>
  );
}

function NumberChat({ number }: { number: SimCloudNumberView }) {
  const messages = useSimCloudMessages(number.phoneNumberId);
  const send = useSendAsCloudCustomer(number.phoneNumberId);
  const inject = useInjectCloudErrors(number.phoneNumberId);
  const [waId, setWaId] = useState('5511988887777');
  const [name, setName] = useState('Cliente');
  const [text, setText] = useState('');
  // A customer with a WhatsApp username may hide the phone: Meta then names them by their BSUID alone.
  const [hidePhone, setHidePhone] = useState(false);
  const [username, setUsername] = useState('marina.doces');
  // The next message comes from a Click-to-WhatsApp ad: Meta's referral rides on it (decision 071).
  const [fromAd, setFromAd] = useState(false);
  const [headline, setHeadline] = useState('Bolo no pote');
  const chatId = hidePhone ? simBsuidOf(waId) : waId.replace(/\D/g, '');
  const chat = (messages.data ?? []).filter((m) => m.waId === chatId);

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Conversa na API oficial">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="cloud-customer" label="Cliente (número)">
          <Input id="cloud-customer" inputMode="numeric" value={waId} onChange={(e) => setWaId(e.target.value)} />
        </Field>
        <Field id="cloud-customer-name" label="Nome do cliente">
          <Input id="cloud-customer-name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={hidePhone}
            onChange={(e) => setHidePhone(e.target.checked)}
          />
          <span>
            Cliente com nome de usuário, sem mostrar o telefone
            <span className="block text-xs text-slate-500">
              A Meta envia só o identificador do usuário ({simBsuidOf(waId)}) e o nome de usuário, sem o número.
            </span>
          </span>
        </label>
        {hidePhone ? (
          <Field id="cloud-customer-username" label="Nome de usuário no WhatsApp">
            <Input id="cloud-customer-username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </Field>
        ) : null}
        <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={fromAd}
            onChange={(e) => setFromAd(e.target.checked)}
          />
          <span>
            A próxima mensagem vem de um anúncio (Clique para WhatsApp)
            <span className="block text-xs text-slate-500">
              A Meta envia os dados do anúncio e o identificador do clique só na primeira mensagem depois do clique.
            </span>
          </span>
        </label>
        {fromAd ? (
          <Field id="cloud-ad-headline" label="Título do anúncio">
            <Input id="cloud-ad-headline" value={headline} onChange={(e) => setHeadline(e.target.value)} />
          </Field>
        ) : null}
      </div>
      <ol className="mt-4 max-h-96 space-y-2 overflow-y-auto rounded-xl bg-slate-50 p-3" aria-label="Mensagens">
        {chat.length ? (
          chat.map((m) => <Bubble key={m.id} message={m} />)
        ) : (
          <li className="py-6 text-center text-sm text-slate-500">Nenhuma mensagem com este cliente ainda.</li>
        )}
      </ol>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(
            { waId, name, text, ...(hidePhone ? { username } : {}), ...(fromAd ? { ad: { headline } } : {}) },
            {
              onSuccess: () => {
                setText('');
                setFromAd(false);
              },
            },
          );
        }}
      >
        <Input
          aria-label="Mensagem do cliente"
          placeholder="Escreva como o cliente..."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={!text.trim() || send.isPending}>
          <Send aria-hidden /> Enviar
        </Button>
      </form>
      {send.isError ? (
        <div className="mt-2">
          <Alert tone="error">{send.error instanceof ApiError ? send.error.message : 'Falha ao enviar.'}</Alert>
        </div>
      ) : null}
      <div className="mt-4 border-t border-slate-100 pt-3">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
          <TriangleAlert className="size-4 text-amber-600" aria-hidden /> Simular erros da Meta nos próximos envios
          {number.pendingErrors ? (
            <span className="font-normal text-slate-600">({number.pendingErrors} na fila)</span>
          ) : null}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => inject.mutate({ kind: 'throughput', count: 2 })}>
            Limite de envio (429)
          </Button>
          <Button size="sm" variant="secondary" onClick={() => inject.mutate({ kind: 'pair-rate', count: 1 })}>
            Muitas para o mesmo cliente (131056)
          </Button>
          <Button size="sm" variant="secondary" onClick={() => inject.mutate({ kind: 'server', count: 1 })}>
            Erro da Meta (131000)
          </Button>
          {number.pendingErrors ? (
            <Button size="sm" variant="ghost" onClick={() => inject.mutate({ kind: 'server', count: 0 })}>
              Limpar fila
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function Bubble({ message }: { message: SimCloudMessageView }) {
  return (
    <li className={message.fromMe ? 'flex justify-start' : 'flex justify-end'}>
      <div
        className={
          message.fromMe
            ? 'max-w-[85%] rounded-xl bg-white px-3 py-2 text-sm text-slate-800 shadow-sm'
            : 'max-w-[85%] rounded-xl bg-emerald-100 px-3 py-2 text-sm text-slate-900'
        }
      >
        {message.template ? (
          <p className="mb-1 text-xs font-semibold text-sky-700">
            Modelo {message.template.name} · {message.template.category}
          </p>
        ) : null}
        <p className="whitespace-pre-wrap">{message.text}</p>
        <p className="mt-1 text-right text-[11px] text-slate-500">
          {time(message.at)}
          {message.fromMe ? ` · ${message.status === 'delivered' ? 'entregue' : 'enviada'}` : ''}
        </p>
      </div>
    </li>
  );
}
