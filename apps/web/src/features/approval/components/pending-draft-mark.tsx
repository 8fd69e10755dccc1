import { usePendingDrafts } from '../api/approval-api';

/** The list's mark on a conversation whose AI answer waits for approval. */
export function PendingDraftMark({ convId }: { convId: string }) {
  const pending = usePendingDrafts();
  if (!pending.data?.has(convId)) return null;
  return (
    <span
      data-testid="pending-draft-mark"
      className="shrink-0 rounded bg-amber-100 px-1.5 py-px font-semibold text-amber-900"
      title="A resposta da IA espera a sua aprovação"
    >
      Sugestão<span className="sr-only"> da IA esperando aprovação</span>
    </span>
  );
}
