import type { MessageDto } from '@vendai/contracts';
import { Download, FileText, MapPin, Mic, UserRound } from 'lucide-react';
import { useState } from 'react';
import { linkify } from '../lib/linkify';
import { formatBytes, formatDuration, parseContact, parseLocation } from '../lib/message-content';
import { ImageViewer } from './image-viewer';

export const UNSUPPORTED_MEDIA = 'Tipo de mídia não suportado';

/** Text with its line breaks, and http(s) links that open in a new tab. */
export function RichText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-900">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-sky-700 underline underline-offset-2 break-all hover:text-sky-900"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function Caption({ text }: { text: string | null }) {
  return text?.trim() ? (
    <div className="mt-1.5">
      <RichText text={text} />
    </div>
  ) : null;
}

function MissingMedia({ label }: { label: string }) {
  return <p className="text-sm text-slate-600 italic">{label} indisponível</p>;
}

/** A message's content by type (docs/product/data.md); anything else reads 'Tipo de mídia não suportado'. */
export function MessageBody({ message }: { message: MessageDto }) {
  const [viewerOpen, setViewerOpen] = useState(false);
  const media = message.media;
  switch (message.messageType) {
    case 'text':
      return <RichText text={message.content ?? ''} />;
    case 'image':
    case 'sticker': {
      const isSticker = message.messageType === 'sticker';
      const src = media?.url ?? media?.thumbnailUrl;
      if (!src)
        return (
          <>
            <MissingMedia label={isSticker ? 'Figurinha' : 'Imagem'} />
            <Caption text={message.content} />
          </>
        );
      const ratio = media?.width && media.height ? `${media.width} / ${media.height}` : undefined;
      return (
        <div>
          <button
            type="button"
            onClick={() => setViewerOpen(true)}
            className="block overflow-hidden rounded-lg"
            aria-label={isSticker ? 'Ver figurinha' : 'Ver imagem'}
          >
            <img
              src={src}
              alt={message.content?.trim() || (isSticker ? 'Figurinha' : 'Imagem recebida')}
              loading="lazy"
              style={{ aspectRatio: ratio }}
              className={isSticker ? 'size-32 object-contain' : 'max-h-72 w-64 max-w-full bg-slate-100 object-cover'}
            />
          </button>
          <Caption text={message.content} />
          <ImageViewer
            open={viewerOpen}
            onOpenChange={setViewerOpen}
            src={media?.url ?? src}
            caption={message.content}
          />
        </div>
      );
    }
    case 'video':
      if (!media?.url)
        return (
          <>
            <MissingMedia label="Vídeo" />
            <Caption text={message.content} />
          </>
        );
      return (
        <div>
          <video
            controls
            preload="metadata"
            src={media.url}
            poster={media.thumbnailUrl ?? undefined}
            className="max-h-72 w-64 max-w-full rounded-lg bg-slate-900"
            aria-label="Vídeo"
          >
            <track kind="captions" />
          </video>
          <Caption text={message.content} />
        </div>
      );
    case 'audio': {
      if (!media?.url) return <MissingMedia label="Áudio" />;
      const duration = formatDuration(media.duration);
      return (
        <div className="flex flex-col gap-1">
          <span className="flex items-center gap-1.5 text-xs text-slate-600">
            <Mic className="size-3.5" aria-hidden /> Mensagem de voz{duration ? ` · ${duration}` : ''}
          </span>
          <audio
            controls
            preload="metadata"
            src={media.url}
            className="h-10 w-64 max-w-full"
            aria-label={`Mensagem de voz${duration ? ` de ${duration}` : ''}`}
          />
        </div>
      );
    }
    case 'document': {
      const name = media?.filename?.trim() || 'Documento';
      const size = formatBytes(media?.size);
      return (
        <div>
          <div className="flex max-w-72 items-center gap-3 rounded-lg border border-slate-200 bg-white/70 p-2.5">
            <FileText className="size-8 shrink-0 text-slate-600" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900" title={name}>
                {name}
              </span>
              <span className="block text-xs text-slate-600">
                {[size, media?.mimetype?.split('/')[1]?.toUpperCase()].filter(Boolean).join(' · ') || 'Arquivo'}
              </span>
            </span>
            {media?.url ? (
              <a
                href={media.url}
                download={name}
                className="shrink-0 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label={`Baixar ${name}`}
              >
                <Download className="size-4" />
              </a>
            ) : null}
          </div>
          <Caption text={message.content} />
        </div>
      );
    }
    case 'location': {
      const loc = parseLocation(message.content);
      if (!loc) return <p className="text-sm text-slate-600 italic">{UNSUPPORTED_MEDIA}</p>;
      return (
        <div className="flex max-w-72 gap-2.5">
          <MapPin className="mt-0.5 size-5 shrink-0 text-rose-600" aria-hidden />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">Localização</p>
            <p className="text-sm break-words text-slate-700">
              {loc.address ?? `${loc.lat.toFixed(5)}, ${loc.lng.toFixed(5)}`}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
              <a
                href={loc.openStreetMapUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-sky-700 underline underline-offset-2 hover:text-sky-900"
              >
                Abrir no OpenStreetMap
              </a>
              <a
                href={loc.googleMapsUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-sky-700 underline underline-offset-2 hover:text-sky-900"
              >
                Google Maps
              </a>
            </p>
          </div>
        </div>
      );
    }
    case 'contact': {
      const contact = parseContact(message.content);
      if (!contact) return <p className="text-sm text-slate-600 italic">{UNSUPPORTED_MEDIA}</p>;
      return (
        <div className="flex max-w-72 items-center gap-3 rounded-lg border border-slate-200 bg-white/70 p-2.5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <UserRound className="size-5" aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block text-xs text-slate-600">Contato compartilhado</span>
            <span className="block truncate text-sm font-medium text-slate-900">{contact.name}</span>
            {contact.phone ? <span className="block text-sm text-slate-700">{contact.phone}</span> : null}
          </span>
        </div>
      );
    }
    default:
      return <p className="text-sm text-slate-600 italic">{UNSUPPORTED_MEDIA}</p>;
  }
}
