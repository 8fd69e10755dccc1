import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { api } from '@/lib/api-client';
import { type ChatMessage, toRequestMessages } from '../lib/playground-chat';

/**
 * 'Ver acompanhamento' (docs/decisions/037-follow-ups.md): the follow-up the agent would send if this
 * test customer went quiet now, written by the same request as the real touches. Nothing is sent.
 */
export function FollowUpPreview({ agentId, messages }: { agentId: string; messages: readonly ChatMessage[] }) {
  const [open, setOpen] = useState(false);
  const preview = useMutation({
    mutationFn: () =>
      api.post<{ text: string }>('/api/playground/follow-up-preview', {
        agentId,
        step: 1,
        history: toRequestMessages(messages)
          .slice(-40)
          .map((m) => ({ role: m.role, content: m.text })),
      }),
  });
  const show = () => {
    setOpen(true);
    preview.mutate();
  };
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={show} disabled={messages.length === 0}>
        <BellRing aria-hidden />
        Ver acompanhamento
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Acompanhamento que a IA mandaria"
        description="Se este cliente parasse de responder agora, esta seria a primeira mensagem de acompanhamento. Nada é enviado."
      >
        <div className="mt-4" aria-live="polite">
          {preview.isPending ? (
            <p className="animate-pulse text-sm text-slate-500">Escrevendo…</p>
          ) : preview.isError ? (
            <p className="text-sm text-red-700" role="alert">
              {preview.error instanceof Error ? preview.error.message : 'Não foi possível escrever o acompanhamento.'}
            </p>
          ) : preview.data ? (
            <p
              className="rounded-lg bg-white px-3 py-2 text-[14.5px] whitespace-pre-wrap text-slate-900 shadow-sm ring-1 ring-slate-200"
              data-testid="follow-up-preview"
            >
              {preview.data.text}
            </p>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
