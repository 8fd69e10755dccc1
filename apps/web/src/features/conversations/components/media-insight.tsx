import type { MessageDto } from '@vendai/contracts';
import { ChevronDown, FileText, ScanText, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useRequestInsight } from '../api/request-insight';

const LABELS = {
  audio: { title: 'Transcrição', ask: 'Transcrever áudio', asking: 'Transcrevendo…', icon: ScanText },
  image: { title: 'Descrição da imagem', ask: 'Descrever imagem', asking: 'Descrevendo…', icon: Sparkles },
  document: { title: 'Texto do documento', ask: 'Ler documento', asking: 'Lendo…', icon: FileText },
} as const;

const kindOf = (m: MessageDto): keyof typeof LABELS | null => {
  if (m.direction !== 'in' || !m.media?.url || m.deletedAt) return null;
  if (m.messageType === 'audio') return 'audio';
  if (m.messageType === 'image' || m.messageType === 'sticker') return 'image';
  if (m.messageType === 'document' && /pdf|text\/|json/.test(m.media.mimetype ?? '')) return 'document';
  return null;
};

/**
 * What the AI understood of a customer's media (decision 016), under the bubble's content: a voice
 * note's transcript open by default and collapsible; an image's description or a document's text on
 * demand. Without one, a button asks the server now (works with the AI off too). Arrives live
 * (message.insight).
 */
export function MediaInsight({ message }: { message: MessageDto }) {
  const kind = kindOf(message);
  const insight = message.insight ?? null;
  const [open, setOpen] = useState(kind === 'audio');
  const request = useRequestInsight(message);
  if (!kind) return null;
  const labels = LABELS[kind];
  const Icon = labels.icon;

  if (insight?.state === 'done' && insight.text) {
    return (
      <div className="mt-1.5 max-w-72 border-t border-slate-900/10 pt-1.5" data-testid="media-insight">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-8 items-center gap-1 text-xs font-medium text-slate-700 hover:text-slate-950"
        >
          <Icon className="size-3.5" aria-hidden />
          {open ? labels.title : `Ver ${labels.title.toLowerCase()}`}
          <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
        {open ? (
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800 italic">{insight.text}</p>
        ) : null}
      </div>
    );
  }

  const canAsk = !insight || insight.state === 'failed';
  return (
    <div className="mt-1.5 flex max-w-72 flex-col gap-1" data-testid="media-insight">
      {insight?.reason ? <p className="text-xs text-slate-600">{insight.reason}</p> : null}
      {canAsk ? (
        <button
          type="button"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onError: (err) =>
                toast.error(
                  err instanceof ApiError ? err.message : 'Não foi possível agora. Tente de novo em instantes.',
                ),
            })
          }
          className="flex min-h-8 items-center gap-1 self-start text-xs font-medium text-sky-800 underline-offset-2 hover:underline disabled:opacity-60"
        >
          <Icon className="size-3.5" aria-hidden />
          {request.isPending ? labels.asking : insight ? 'Tentar de novo' : labels.ask}
        </button>
      ) : null}
    </div>
  );
}
