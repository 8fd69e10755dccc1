import { type SimOutgoingMessage, simOutgoingMessageSchema } from '@vendai/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { AudioForm, ContactForm, DocumentForm, ImageForm, LocationForm } from './attach-forms';

export type AttachKind = 'image' | 'audio' | 'document' | 'location' | 'contact';

const TITLES: Record<AttachKind, { title: string; description: string }> = {
  image: {
    title: 'Enviar imagem',
    description: 'Chega ao VendAI como imageMessage, com a legenda e os bytes em base64.',
  },
  audio: { title: 'Enviar nota de voz', description: 'Chega como audioMessage com ptt (mensagem de voz) e a duração.' },
  document: {
    title: 'Enviar documento',
    description: 'Chega como documentMessage com o nome do arquivo, o tipo e o tamanho.',
  },
  location: {
    title: 'Enviar localização',
    description: 'Chega como locationMessage com latitude, longitude, nome e endereço.',
  },
  contact: { title: 'Enviar contato', description: 'Chega como contactMessage com o nome e o vCard.' },
};

/** One form per kind of attachment. Whatever was filled in stays when sending fails. */
export function AttachDialog({
  kind,
  onClose,
  onSend,
}: {
  kind: AttachKind | null;
  onClose: () => void;
  onSend: (message: SimOutgoingMessage) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [kind]);

  const send = async (build: () => Promise<SimOutgoingMessage>) => {
    setError(null);
    setBusy(true);
    try {
      const message = await build();
      const parsed = simOutgoingMessageSchema.safeParse(message);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
      if (await onSend(message)) onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const meta = kind ? TITLES[kind] : null;
  return (
    <Dialog
      open={Boolean(kind)}
      onOpenChange={(open) => !open && onClose()}
      title={meta?.title ?? ''}
      description={meta?.description}
    >
      <div className="mt-4 space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {kind === 'image' ? <ImageForm busy={busy} send={send} /> : null}
        {kind === 'audio' ? <AudioForm busy={busy} send={send} /> : null}
        {kind === 'document' ? <DocumentForm busy={busy} send={send} /> : null}
        {kind === 'location' ? <LocationForm busy={busy} send={send} /> : null}
        {kind === 'contact' ? <ContactForm busy={busy} send={send} /> : null}
      </div>
    </Dialog>
  );
}
