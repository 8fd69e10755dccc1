import { Dialog as D } from 'radix-ui';
import { Download, X } from 'lucide-react';

/** A picture or sticker at full size, over the chat (Esc or the button closes it). */
export function ImageViewer({
  open,
  onOpenChange,
  src,
  caption,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  caption: string | null;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-950/85" />
        <D.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 outline-none"
          aria-describedby={undefined}
        >
          <D.Title className="sr-only">Imagem da conversa</D.Title>
          <div className="absolute top-3 right-3 flex gap-2">
            <a
              href={src}
              download
              className="rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
              aria-label="Baixar imagem"
            >
              <Download className="size-5" />
            </a>
            <D.Close className="rounded-full bg-white/10 p-2 text-white hover:bg-white/20" aria-label="Fechar imagem">
              <X className="size-5" />
            </D.Close>
          </div>
          <img
            src={src}
            alt={caption ?? 'Imagem enviada na conversa'}
            className="max-h-[80dvh] max-w-full rounded-lg object-contain"
          />
          {caption ? <p className="max-w-2xl text-center text-sm whitespace-pre-wrap text-white">{caption}</p> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
