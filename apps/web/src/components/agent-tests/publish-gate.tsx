import { changedAnswersText, type AgentTestRun } from '@vendai/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, MessageSquareWarning } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { agentTestKeys, useAgentTestCases, useAgentTestRun, useStartAgentTestRun } from '@/lib/api/agent-tests';
import { useRealtimeEvent } from '@/lib/realtime';
import { FailedChecks, failuresForCoach, runProgressText } from './run-results';

interface Pending {
  draft: string;
  publish: () => void;
  /** 'Voltar à treinadora' with the failures; absent: 'Voltar' just closes. */
  onBack?: (failures: string) => void;
  runId: string | null;
  error: string | null;
}

/**
 * The gate before publishing a prompt (docs/decisions/039-agent-tests.md): saving, accepting a coach
 * suggestion or restoring a version first runs the agent's tests on the draft beside the live prompt and
 * shows what got better and worse; the owner publishes anyway or goes back. An agent without tests
 * publishes at once.
 */
export function usePublishGate(agentId: string): {
  check: (draft: string, publish: () => void, onBack?: (failures: string) => void) => void;
  dialog: ReactNode;
} {
  const cases = useAgentTestCases(agentId);
  const start = useStartAgentTestRun(agentId);
  const [pending, setPending] = useState<Pending | null>(null);

  const check: ReturnType<typeof usePublishGate>['check'] = (draft, publish, onBack) => {
    if (!cases.data?.length) {
      publish();
      return;
    }
    setPending({ draft, publish, onBack, runId: null, error: null });
    start.mutate(draft, {
      onSuccess: (run) => setPending((p) => p && { ...p, runId: run.id }),
      onError: (err) =>
        setPending(
          (p) =>
            p && {
              ...p,
              error: err instanceof ApiError && err.status !== 0 ? err.message : 'Não foi possível rodar os testes.',
            },
        ),
    });
  };

  const dialog = pending ? (
    <GateDialog
      agentId={agentId}
      pending={pending}
      onClose={() => setPending(null)}
      onPublish={() => {
        pending.publish();
        setPending(null);
      }}
    />
  ) : null;
  return { check, dialog };
}

function GateDialog({
  agentId,
  pending,
  onClose,
  onPublish,
}: {
  agentId: string;
  pending: Pending;
  onClose: () => void;
  onPublish: () => void;
}) {
  const queryClient = useQueryClient();
  const run = useAgentTestRun(agentId, pending.runId);
  useRealtimeEvent((event) => {
    if (event.event === 'agent-tests.run.updated' && event.data.id === pending.runId)
      void queryClient.invalidateQueries({ queryKey: agentTestKeys.run(agentId, event.data.id) });
  });
  const data = run.data;
  const done = data?.status === 'done';
  const worse = data?.worse ?? [];
  const back = () => {
    if (pending.onBack && data) pending.onBack(failuresForCoach(data, worse));
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="wide"
      title="Testes antes de publicar"
      description="Rodamos os testes do assistente no prompt novo e no atual, lado a lado."
      footer={
        <>
          <Button variant="secondary" onClick={back}>
            {pending.onBack && worse.length ? 'Voltar à treinadora' : 'Voltar'}
          </Button>
          <Button onClick={onPublish} disabled={!done && !pending.error && data?.status !== 'failed'}>
            {done && worse.length === 0 ? 'Publicar' : 'Publicar mesmo assim'}
          </Button>
        </>
      }
    >
      <div className="mt-4" aria-live="polite">
        {pending.error ? (
          <p role="alert" className="text-sm text-amber-800">
            {pending.error}
          </p>
        ) : !data || !done ? (
          data?.status === 'failed' ? (
            <p role="alert" className="text-sm text-amber-800">
              {runProgressText(data)}
            </p>
          ) : (
            <Spinner label={data ? runProgressText(data) : 'Preparando os testes…'} />
          )
        ) : (
          <Comparison run={data} />
        )}
      </div>
    </Dialog>
  );
}

function Comparison({ run }: { run: AgentTestRun }) {
  const title = (id: string) => run.results.find((r) => r.caseId === id)?.title ?? id;
  const draftOf = (id: string) => run.results.find((r) => r.caseId === id && r.arm === 'draft')!;
  return (
    <div className="space-y-4 text-sm">
      <p className="text-base font-semibold text-slate-900">
        {run.worse.length ? changedAnswersText(run.worse.length, 'pioraram') : 'Nenhuma resposta piorou'}
        {run.better.length ? ` · ${changedAnswersText(run.better.length, 'melhoraram')}` : ''}
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-lg border border-slate-200 p-3">
          <dt className="text-xs text-slate-500">Prompt atual</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {run.passedLive} de {run.cases} passaram
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 p-3">
          <dt className="text-xs text-slate-500">Prompt novo</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {run.passedDraft ?? 0} de {run.cases} passaram
          </dd>
        </div>
      </dl>
      {run.worse.length ? (
        <section>
          <h3 className="flex items-center gap-1.5 font-medium text-red-700">
            <ArrowDown className="size-4" aria-hidden /> Pioraram
          </h3>
          <ul className="mt-1 space-y-2">
            {run.worse.map((id) => (
              <li key={id} className="rounded-lg border border-red-100 bg-red-50/40 p-2">
                <span className="font-medium text-slate-900">{title(id)}</span>
                <FailedChecks result={draftOf(id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {run.better.length ? (
        <section>
          <h3 className="flex items-center gap-1.5 font-medium text-emerald-700">
            <ArrowUp className="size-4" aria-hidden /> Melhoraram
          </h3>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {run.better.map((id) => (
              <li key={id}>{title(id)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {!run.worse.length && !run.better.length ? (
        <p className="flex items-center gap-1.5 text-slate-600">
          <MessageSquareWarning className="size-4" aria-hidden /> As respostas dos testes ficaram iguais.
        </p>
      ) : null}
    </div>
  );
}
