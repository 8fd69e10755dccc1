import { useInstanceOwner } from '../api/get-instance-owners';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SimInstanceView } from '@vendai/contracts';
import { MessageCircle, PhoneOff, ScanLine, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDisconnectInstance } from '../api/disconnect-instance';
import { phoneLabel, secondsUntil } from '../lib/format';
import { StateBadge } from './state-badge';

/** The phones' side: instances waiting for a QR scan, connected ones, disconnected ones. */
export function ConnectionsPanel({
  query,
  onChat,
}: {
  query: UseQueryResult<SimInstanceView[]>;
  onChat: (name: string) => void;
}) {
  if (query.isPending) return <Spinner label="Carregando conexões..." />;
  if (query.isError && !query.data) {
    return (
      <Alert tone="error">
        Não foi possível carregar as conexões do simulador. {query.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          Tentar novamente
        </button>
      </Alert>
    );
  }
  const list = query.data ?? [];
  if (!list.length) {
    return (
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Smartphone className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhuma conexão ainda</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          Conecte um número no VendAI (menu WhatsApp&apos;s, botão &quot;+ Novo WhatsApp&quot;). O QR Code aparece aqui
          e também pode ser lido abrindo o link dele.
        </p>
        <Button asChild className="mt-6">
          <Link to={paths.numbers.getHref()}>Conectar um número no VendAI</Link>
        </Button>
      </section>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Conexões do simulador">
      {list.map((instance) => (
        <li key={instance.name}>
          <InstanceCard instance={instance} onChat={onChat} />
        </li>
      ))}
    </ul>
  );
}

function InstanceCard({ instance, onChat }: { instance: SimInstanceView; onChat: (name: string) => void }) {
  const disconnect = useDisconnectInstance();
  const owner = useInstanceOwner(instance.name);
  return (
    <article
      className="flex h-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`Conexão ${instance.name}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold text-slate-900">{owner ? owner.label : instance.name}</h2>
          {owner?.phone ? <p className="truncate text-xs text-slate-600">{owner.phone}</p> : null}
          <p className="mt-0.5 text-xs text-slate-600">
            {instance.chats} {instance.chats === 1 ? 'conversa' : 'conversas'}
          </p>
        </div>
        <StateBadge state={instance.state} />
      </div>

      {instance.state === 'connecting' && instance.qr ? (
        <div className="mt-4 flex flex-1 flex-col items-center gap-3 text-center">
          <img
            src={instance.qr.base64}
            alt={`QR Code da conexão ${instance.name}`}
            className="size-40 rounded-lg border border-slate-200"
          />
          <QrCountdown count={instance.qr.count} expiresAt={instance.qr.expiresAt} />
          <Button asChild className="w-full">
            <Link to={paths.simulatorApprove.getHref(instance.name, instance.qr.approveCode)}>
              <ScanLine aria-hidden /> Escanear com o celular
            </Link>
          </Button>
        </div>
      ) : null}

      {instance.state === 'open' ? (
        <div className="mt-4 flex flex-1 flex-col gap-3">
          <p className="text-sm text-slate-700">
            Celular <strong className="font-semibold">{phoneLabel(instance.ownerPhone)}</strong>
            {instance.profileName ? <span className="text-slate-600"> · {instance.profileName}</span> : null}
          </p>
          <div className="mt-auto flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onChat(instance.name)}>
              <MessageCircle aria-hidden /> Conversar como cliente
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(instance.name, {
                  onSuccess: () =>
                    toast.success('Celular desconectado. O VendAI vai mostrar o número como DESCONECTADO.'),
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              <PhoneOff aria-hidden /> Desconectar
            </Button>
          </div>
        </div>
      ) : null}

      {instance.state === 'close' ? (
        <p className="mt-4 text-sm text-slate-600">
          Desconectado{instance.ownerPhone ? ` (último celular: ${phoneLabel(instance.ownerPhone)})` : ''}. Para
          reconectar, peça um QR Code novo no VendAI.
        </p>
      ) : null}
      <details className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-600">
        <summary className="cursor-pointer font-medium select-none hover:text-slate-900">Avançado</summary>
        <p className="mt-1 truncate font-mono" title={instance.name}>
          Instância: {instance.name}
        </p>
        {instance.webhookUrl ? (
          <p className="mt-1 truncate" title={instance.webhookUrl}>
            Webhook: {instance.webhookUrl}
          </p>
        ) : null}
      </details>
    </article>
  );
}

/** 'QR nº 2 · troca em 31 s', ticking every second. */
export function QrCountdown({ count, expiresAt }: { count: number; expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = secondsUntil(expiresAt, now);
  return (
    <p className="text-xs text-slate-600">
      QR nº {count} · {left > 0 ? `troca em ${left} s` : 'trocando...'}
    </p>
  );
}
