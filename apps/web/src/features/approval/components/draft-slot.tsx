import { Copy, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useConversationApproval, useDraftAction } from '../api/approval-api';
import { useClock } from '../hooks/use-clock';
import { outcomeText } from '../lib/timeout-text';
import { DraftCard } from './draft-card';

const ACTION_FAILED = 'Não foi possível concluir agora. Tente novamente.';

/**
 * Above the chat's message box (docs/decisions/045-approval-mode.md): the pending draft's card; once it
 * is sent, discarded or replaced (here, in another inbox, by the owner's '1' / '2' on WhatsApp or by
 * the timeout) a line says so. A refusal (409) is shown in Portuguese and the card follows the server;
 * an edited text survives it (kept in the card, or offered to copy when no draft is left).
 */
export function DraftSlot({ convId }: { convId: string }) {
  const approval = useConversationApproval(convId);
  const action = useDraftAction(convId);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const draft = approval.data?.draft ?? null;
  const now = useClock(30_000, draft?.id);

  const act = (kind: 'send' | 'discard') => {
    if (!draft) return;
    setProblem(null);
    action.mutate(
      { draftId: draft.id, action: kind, text: kind === 'send' && editing !== null ? editing : undefined },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => {
          setProblem(err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : ACTION_FAILED);
          if (!(err instanceof ApiError) || err.status !== 409) toast.error(ACTION_FAILED);
        },
      },
    );
  };
  const busy = action.isPending ? (action.variables?.action ?? null) : null;

  if (draft?.state === 'pending')
    return (
      <DraftCard
        draft={draft}
        now={now}
        editing={editing}
        busy={busy}
        problem={problem}
        onEdit={setEditing}
        onSend={() => act('send')}
        onDiscard={() => act('discard')}
      />
    );

  const outcome = draft && draft.id !== dismissed ? outcomeText(draft) : null;
  if (!outcome && !problem && editing === null) return null;
  const close = () => {
    setDismissed(draft?.id ?? null);
    setProblem(null);
    setEditing(null);
  };
  return (
    <div
      className="shrink-0 space-y-2 border-t border-slate-200 bg-slate-50 px-3 py-2 sm:px-4"
      data-testid="draft-outcome"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          {outcome ? (
            <p role="status" className="text-sm text-slate-700">
              {outcome}
            </p>
          ) : null}
        </div>
        <Button size="icon" variant="ghost" className="size-8" onClick={close} aria-label="Fechar aviso da sugestão">
          <X aria-hidden />
        </Button>
      </div>
      {editing !== null && editing.trim() ? (
        <div className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
          <p className="text-xs font-medium text-slate-600">Seu texto editado (não enviado):</p>
          <p className="mt-1 whitespace-pre-wrap text-slate-900">{editing}</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(editing)
                .then(() => toast.success('Texto copiado. Cole na caixa de mensagem para enviar.'))
                .catch(() => toast.error('Não foi possível copiar.'))
            }
          >
            <Copy aria-hidden />
            Copiar texto
          </Button>
        </div>
      ) : null}
    </div>
  );
}
