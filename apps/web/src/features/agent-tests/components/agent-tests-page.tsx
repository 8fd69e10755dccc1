import {
  AGENT_TEST_KIND_LABELS,
  AGENT_TESTS,
  type AgentSummary,
  type AgentTestCase,
  type AgentTestRun,
  agentDisplayName,
  agentTestRunCost,
  describeExpectation,
} from '@vendai/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, Pencil, Play, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { FailedChecks, ResultIcon, resultText, runProgressText } from '@/components/agent-tests/run-results';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TestAllowance } from '@/components/test-allowance';
import { ApiError } from '@/lib/api-client';
import {
  agentTestKeys,
  useAgentTestCases,
  useAgentTestSettings,
  useDeleteAgentTest,
  useGenerateAgentTests,
  useLatestAgentTestRun,
  useSaveAgentTestSettings,
  useStartAgentTestRun,
} from '@/lib/api/agent-tests';
import { useActiveAgents } from '@/lib/api/get-agents';
import { useRealtimeEvent } from '@/lib/realtime';
import { CaseDialog } from './case-dialog';

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : fallback;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * /testes-do-assistente ('Testes do assistente', docs/decisions/039-agent-tests.md): the agent's test cases
 * (proposed, from the inbox, the owner's), 'Rodar testes' with live progress, each case's last result, and
 * the nightly run's switch.
 */
export function AgentTestsPage() {
  const agents = useActiveAgents();
  const [agentId, setAgentId] = useState<string | null>(null);
  const selected = agents.data?.find((a) => a.id === agentId) ?? agents.data?.[0] ?? null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Testes do assistente"
        description="Perguntas típicas de clientes com o que você espera da resposta. Rode antes de mudar o prompt e veja o que melhorou ou piorou."
      />
      <DemoModeNotice className="mt-5" />
      {agents.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label="Carregando agentes..." />
        </div>
      ) : agents.isError ? (
        <p role="alert" className="mt-8 text-center text-sm text-red-700">
          Erro ao carregar agentes
        </p>
      ) : !selected ? (
        <p className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-600">
          Nenhum agente ativo. Faça o treinamento para criar um agente e testá-lo aqui.
        </p>
      ) : (
        <AgentTests key={selected.id} agents={agents.data!} agent={selected} onAgentChange={setAgentId} />
      )}
    </div>
  );
}

/** The tests of one agent, with 'Rodar testes' and the latest run (also the agent's page's 'Testes' tab). */
export function AgentTests({
  agents,
  agent,
  onAgentChange,
  compact = false,
}: {
  agents: AgentSummary[];
  agent: AgentSummary;
  onAgentChange: (id: string) => void;
  /** Inside the agent's page: the agent's name is already the page's. */
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const cases = useAgentTestCases(agent.id);
  const latest = useLatestAgentTestRun(agent.id);
  const start = useStartAgentTestRun(agent.id);
  const generate = useGenerateAgentTests(agent.id);
  const [editing, setEditing] = useState<{ item: AgentTestCase | null } | null>(null);
  useRealtimeEvent((event) => {
    if (event.event === 'agent-tests.run.updated' && event.data.agentId === agent.id)
      void queryClient.invalidateQueries({ queryKey: agentTestKeys.latest(agent.id) });
  });
  const run = latest.data ?? null;
  const running = run && (run.status === 'queued' || run.status === 'running');
  const onRun = () =>
    start.mutate(null, { onError: (err) => toast.error(errorText(err, 'Não foi possível rodar os testes.')) });
  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (list) => toast.success(`${list.length} testes na lista.`),
      onError: (err) => toast.error(errorText(err, 'Não foi possível sugerir testes.')),
    });

  return (
    <>
      <div
        className={`${compact ? 'mt-3' : 'mt-6'} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
      >
        {agents.length > 1 ? (
          <label className="text-sm font-medium text-slate-700">
            Agente{' '}
            <select
              className="ml-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              value={agent.id}
              onChange={(e) => onAgentChange(e.target.value)}
            >
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {agentDisplayName(a)}
                </option>
              ))}
            </select>
          </label>
        ) : compact ? (
          <span />
        ) : (
          <p className="text-sm text-slate-600">
            Agente <strong className="text-slate-900">{agentDisplayName(agent)}</strong>
          </p>
        )}
        {cases.data?.length ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing({ item: null })}>
              <Plus aria-hidden /> Novo teste
            </Button>
            <Button variant="secondary" onClick={onGenerate} disabled={generate.isPending}>
              <Sparkles aria-hidden /> Sugerir mais testes
            </Button>
            <Button onClick={onRun} disabled={!!running || start.isPending}>
              <Play aria-hidden /> {running ? 'Rodando...' : 'Rodar testes'}
            </Button>
          </div>
        ) : null}
      </div>
      {cases.data?.length ? <TestAllowance className="mt-3" cost={runCostText(cases.data)} /> : null}
      {cases.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label="Carregando testes..." />
        </div>
      ) : cases.isError ? (
        <p role="alert" className="mt-8 text-center text-sm text-red-700">
          Erro ao carregar os testes.
        </p>
      ) : !cases.data.length ? (
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ClipboardCheck className="size-7" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">Este agente ainda não tem testes</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
            Sugerimos de 15 a 25 perguntas típicas a partir das respostas do treinamento, do catálogo e da base de
            conhecimento. Você pode editar tudo depois.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setEditing({ item: null })}>
              <Plus aria-hidden /> Escrever um teste
            </Button>
            <Button onClick={onGenerate} disabled={generate.isPending}>
              <Sparkles aria-hidden /> {generate.isPending ? 'Sugerindo...' : 'Sugerir testes'}
            </Button>
          </div>
        </section>
      ) : (
        <>
          {run ? <RunSummary run={run} /> : null}
          <NightlySwitch agentId={agent.id} />
          <ul className="mt-4 space-y-3">
            {cases.data.map((c) => (
              <CaseCard key={c.id} agentId={agent.id} item={c} run={run} onEdit={() => setEditing({ item: c })} />
            ))}
          </ul>
        </>
      )}
      {editing ? <CaseDialog agentId={agent.id} editing={editing.item} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** What 'Rodar testes' will use, said before it starts (docs/decisions/039-agent-tests.md, "What a run costs"). */
function runCostText(cases: AgentTestCase[]): string {
  const cost = agentTestRunCost(cases);
  const judged = cases.some((c) => c.expectation.rubric);
  return (
    `Rodar testes usa até ${cost.toLocaleString('pt-BR')} ${cost === 1 ? 'mensagem' : 'mensagens'} de teste` +
    (judged ? ` (cada teste com critério roda ${AGENT_TESTS.judgedRuns} vezes e é avaliado por um juiz).` : '.')
  );
}

function RunSummary({ run }: { run: AgentTestRun }) {
  const active = run.status === 'queued' || run.status === 'running';
  return (
    <section
      aria-label="Última execução"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-live="polite"
    >
      {active ? (
        <div>
          <Spinner label={runProgressText(run)} />
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
            <div
              className="h-full bg-brand-600 transition-all"
              style={{ width: `${run.total ? Math.round((run.done / run.total) * 100) : 0}%` }}
            />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <p className="text-lg font-semibold text-slate-900">
            {run.passedLive} de {run.cases} testes passaram
          </p>
          <p className="text-sm text-slate-600">
            Última execução: {dateTime(run.finishedAt ?? run.createdAt)} · modelo {run.model}
          </p>
        </div>
      )}
      {run.status === 'failed' ? <p className="mt-2 text-sm text-amber-800">{run.error}</p> : null}
      {run.dropFrom !== null ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          Atenção: antes passavam {run.dropFrom} testes.
        </p>
      ) : null}
    </section>
  );
}

function NightlySwitch({ agentId }: { agentId: string }) {
  const settings = useAgentTestSettings(agentId);
  const save = useSaveAgentTestSettings(agentId);
  if (!settings.data) return null;
  return (
    <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={settings.data.nightly}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ nightly: e.target.checked })}
      />
      Rodar os testes toda noite e me avisar se piorarem
    </label>
  );
}

function CaseCard({
  agentId,
  item,
  run,
  onEdit,
}: {
  agentId: string;
  item: AgentTestCase;
  run: AgentTestRun | null;
  onEdit: () => void;
}) {
  const remove = useDeleteAgentTest(agentId);
  const result = run?.results.find((r) => r.caseId === item.id && r.arm === 'live');
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <ResultIcon result={result} />
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {AGENT_TEST_KIND_LABELS[item.kind]}
            </span>
            {item.source === 'inbox' ? (
              <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs text-sky-800">do inbox</span>
            ) : null}
            {result ? <span className="text-xs text-slate-500">{resultText(result)}</span> : null}
          </div>
          <ol className="mt-2 space-y-1">
            {item.turns.map((t, i) => (
              <li key={i} className="w-fit max-w-full rounded-lg bg-emerald-50 px-2 py-1 text-sm text-slate-800">
                {t}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-slate-500">{describeExpectation(item.expectation).join(' · ')}</p>
          {result && result.status === 'failed' ? <FailedChecks result={result} /> : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Editar ${item.title}`} onClick={onEdit}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Excluir ${item.title}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}
