import type { SimMessageView } from '@vendai/contracts';
import { Check, CheckCheck, Copy, FileText, MapPin, UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatBytes, formatDuration } from '../lib/media';
import { phoneLabel, timeOf } from '../lib/format';

/**
 * One message as the customer's phone shows it: the customer's own on the right (green), the
 * business's replies on the left (white). Ticks on the customer's messages turn blue when the
 * business marks them read.
 */
export function MessageBubble({ message, isGroup }: { message: SimMessageView; isGroup: boolean }) {
  const mine = !message.fromBusiness;
  return (
    <div
      className={cn(
        'relative max-w-[85%] rounded-lg px-2.5 py-1.5 text-sm text-slate-900 shadow-sm sm:max-w-[70%]',
        mine ? 'rounded-tr-none bg-[#d9fdd3]' : 'rounded-tl-none bg-white',
      )}
      data-testid="sim-message"
      data-from={mine ? 'customer' : 'business'}
    >
      {isGroup && mine && message.senderName ? (
        <p className="mb-0.5 text-xs font-semibold text-brand-800">
          {message.senderName} <span className="font-normal text-slate-600">{phoneLabel(message.senderPhone)}</span>
        </p>
      ) : null}
      <Content message={message} />
      <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] leading-none text-slate-600">
        {message.deliveries > 1 ? (
          <span
            className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1 text-amber-900"
            title="Entregue duas vezes com o mesmo id"
          >
            <Copy className="size-3" aria-hidden /> 2×
          </span>
        ) : null}
        {message.viaLid ? <span className="rounded bg-slate-200 px-1 font-mono text-slate-700">@lid</span> : null}
        <time>{timeOf(message.timestamp)}</time>
        {mine ? <Ticks status={message.status} /> : null}
      </p>
    </div>
  );
}

function Ticks({ status }: { status: string }) {
  if (status === 'READ' || status === 'PLAYED')
    return <CheckCheck className="size-4 text-sky-600" aria-label="Lida pelo VendAI" />;
  if (status === 'DELIVERY_ACK') return <CheckCheck className="size-4 text-slate-500" aria-label="Entregue" />;
  return <Check className="size-4 text-slate-500" aria-label="Enviada" />;
}

function Content({ message }: { message: SimMessageView }) {
  switch (message.type) {
    case 'text':
      return <p className="break-words whitespace-pre-wrap">{message.text}</p>;
    case 'image':
      return (
        <figure>
          {message.media ? (
            <img
              src={message.media.url}
              alt={message.caption ?? 'Imagem enviada'}
              width={message.media.width ?? undefined}
              height={message.media.height ?? undefined}
              className="max-h-72 w-auto max-w-full rounded-md object-contain"
            />
          ) : (
            <p className="text-slate-600">Imagem</p>
          )}
          {message.caption ? (
            <figcaption className="mt-1 break-words whitespace-pre-wrap">{message.caption}</figcaption>
          ) : null}
        </figure>
      );
    case 'audio':
      return (
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-slate-600">
            Mensagem de voz · {formatDuration(message.media?.seconds ?? null)}
          </span>
          {message.media ? (
            <audio
              controls
              preload="none"
              src={message.media.url}
              className="h-9 w-56 max-w-full"
              aria-label="Mensagem de voz"
            />
          ) : null}
        </div>
      );
    case 'video':
      return message.media ? (
        <video controls preload="none" src={message.media.url} className="max-h-72 max-w-full rounded-md" />
      ) : (
        <p>Vídeo</p>
      );
    case 'document':
      return (
        <div>
          <a
            href={message.media?.url}
            download={message.media?.fileName ?? undefined}
            className="flex items-center gap-2 rounded-md bg-black/5 p-2 hover:bg-black/10"
          >
            <FileText className="size-8 shrink-0 text-red-700" aria-hidden />
            <span className="min-w-0">
              <span className="block truncate font-medium">{message.media?.fileName ?? 'Documento'}</span>
              <span className="block text-xs text-slate-600">
                {message.media?.mimetype} {formatBytes(message.media?.size ?? null)}
              </span>
            </span>
          </a>
          {message.caption ? <p className="mt-1 break-words whitespace-pre-wrap">{message.caption}</p> : null}
        </div>
      );
    case 'location':
      return (
        <div className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
          <span className="min-w-0">
            <span className="block font-medium">{message.location?.name ?? 'Localização'}</span>
            {message.location?.address ? (
              <span className="block text-xs text-slate-600">{message.location.address}</span>
            ) : null}
            <span className="block font-mono text-xs text-slate-600">
              {message.location?.latitude.toFixed(5)}, {message.location?.longitude.toFixed(5)}
            </span>
          </span>
        </div>
      );
    case 'contact':
      return (
        <div className="flex items-center gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-300" aria-hidden>
            <UserRound className="size-5 text-slate-700" />
          </span>
          <span className="min-w-0">
            <span className="block font-medium">{message.contact?.displayName}</span>
            <span className="block text-xs text-slate-600">{phoneLabel(message.contact?.phone)}</span>
          </span>
        </div>
      );
    default:
      return <p className="text-slate-600 italic">Mensagem não suportada</p>;
  }
}
