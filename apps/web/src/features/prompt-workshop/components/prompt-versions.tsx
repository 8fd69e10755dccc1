import { PROMPT_VERSION_SOURCE_LABELS, type Agent, type PromptVersionSummary } from '@vendai/contracts';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePublishGate } from '@/components/agent-tests/publish-gate';
import { usePromptVersion, usePromptVersions, useRestorePromptVersion } from '../api/prompt-versions';
import { formatCharCount, formatUpdatedAt } from '../lib/format';
import { DiffView } from './diff-view';

const SHOWN = 5;

/**
 * Every prompt the agent has had (docs/decisions/014-prompt-workshop.md): newest first, with where it came from and its size;
 * any one opens as a diff against the saved prompt and can be restored (a manual edit, no training).
 */
export function PromptVersions({ agent, blockedByDraft }: { agent: Agent; blockedByDraft: boolean }) {
  const versions = usePromptVersions(agent.id);
  const [all, setAll] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = versions.data ?? [];
  const shown = all ? list : list.slice(0, SHOWN);

  return (
    <section
      aria-labelledby="prompt-versions-title"
      className="min-w-0 self-start rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <History className="size-4 text-brand-700" aria-hidden />
        <h2 id="prompt-versions-title" className="font-semibold text-slate-900">
          Versões do prompt
        </h2>
        {list.length ? <span className="text-xs text-slate-500">({list.length})</span> : null}
      </header>
      {versions.isPending ? (
        <div className="p-5">
          <Spinner label="Carregando versões..." />
        </div>
      ) : versions.isError ? (
        <p className="p-5 text-sm text-red-700">Não foi possível carregar as versões. Recarregue a página.</p>
      ) : list.length === 0 ? (
        <p className="p-5 text-sm text-slate-600">
          Nenhuma versão registrada ainda. Cada mudança do prompt aparece aqui.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Versões, da mais recente para a mais antiga">
          {shown.map((v) => (
            <li
              key={v.id}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 sm:px-5"
              data-testid="prompt-version"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {PROMPT_VERSION_SOURCE_LABELS[v.source]}
                  {v.current ? (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-semibold text-brand-800 ring-1 ring-brand-100">
                      Atual
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-500">
                  <time dateTime={v.created_at}>{formatUpdatedAt(v.created_at)}</time> · {formatCharCount(v.chars)}
                </p>
              </div>
              {!v.current ? (
                <Button type="button" variant="secondary" size="sm" onClick={() => setOpenId(v.id)}>
                  Comparar e restaurar
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {list.length > SHOWN ? (
        <div className="border-t border-slate-100 px-4 py-2 sm:px-5">
          <Button type="button" variant="link" size="sm" onClick={() => setAll((a) => !a)}>
            {all ? 'Mostrar menos' : `Mostrar todas (${list.length})`}
          </Button>
        </div>
      ) : null}
      <VersionDialog
        agent={agent}
        summary={list.find((v) => v.id === openId) ?? null}
        blockedByDraft={blockedByDraft}
        onClose={() => setOpenId(null)}
      />
    </section>
  );
}

function VersionDialog({
  agent,
  summary,
  blockedByDraft,
  onClose,
}: {
  agent: Agent;
  summary: PromptVersionSummary | null;
  blockedByDraft: boolean;
  onClose: () => void;
}) {
  const version = usePromptVersion(agent.id, summary?.id ?? null);
  const restore = useRestorePromptVersion(agent.id);
  // The gate before publishing (docs/decisions/039-agent-tests.md): the version's prompt is tested first.
  const gate = usePublishGate(agent.id);
  const onRestore = () => gate.check(version.data!.system_prompt, doRestore);
  const doRestore = () =>
    restore.mutate(summary!.id, {
      onSuccess: () => {
        toast.success('Versão restaurada. O agente já usa este prompt.');
        onClose();
      },
      onError: (err) =>
        toast.error(
          err instanceof ApiError && err.status !== 0 ? err.message : 'Erro inesperado ao restaurar. Tente novamente.',
        ),
    });
  return (
    <Dialog
      open={!!summary}
      onOpenChange={(open) => !open && onClose()}
      size="wide"
      title={
        summary ? `${PROMPT_VERSION_SOURCE_LABELS[summary.source]} de ${formatUpdatedAt(summary.created_at)}` : 'Versão'
      }
      description="O que mudaria no prompt atual se você restaurar esta versão: em verde o que volta, em vermelho o que sai."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={onRestore} disabled={!version.data || restore.isPending || blockedByDraft}>
            <RotateCcw aria-hidden />
            {restore.isPending ? 'Restaurando...' : 'Restaurar esta versão'}
          </Button>
        </>
      }
    >
      <div className="mt-4">
        {version.isPending ? <Spinner label="Carregando versão..." /> : null}
        {version.data ? (
          <DiffView
            before={agent.system_prompt}
            after={version.data.system_prompt}
            label="Prompt atual × versão escolhida"
          />
        ) : null}
        {blockedByDraft ? (
          <p className="mt-2 text-xs text-amber-800">
            Salve ou descarte suas alterações manuais antes de restaurar uma versão.
          </p>
        ) : null}
        {gate.dialog}
      </div>
    </Dialog>
  );
}
