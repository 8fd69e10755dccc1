import {
  AGENT_TEST_KIND_LABELS,
  AGENT_TEST_KINDS,
  type AgentTestCase,
  type AgentTestExpectation,
  type AgentTestKind,
  DEFAULT_RUBRIC,
} from '@vendai/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveAgentTest } from '@/lib/api/agent-tests';

type Flag = 'handoff' | 'needsOwner' | 'hotLead';
const FLAGS: [Flag, string][] = [
  ['handoff', 'Passa para uma pessoa'],
  ['needsOwner', 'Avisa o dono'],
  ['hotLead', 'Pronto para comprar'],
];
const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
const fieldClass = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/** Writing or editing a case: the customer's messages (one per line) and the expectation in plain words. */
export function CaseDialog({
  agentId,
  editing,
  onClose,
}: {
  agentId: string;
  editing: AgentTestCase | null;
  onClose: () => void;
}) {
  const save = useSaveAgentTest(agentId);
  const e = editing?.expectation;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [kind, setKind] = useState<AgentTestKind>(editing?.kind ?? 'outro');
  const [turns, setTurns] = useState(editing?.turns.join('\n') ?? '');
  const [must, setMust] = useState(e?.mustContain.join(', ') ?? '');
  const [mustNot, setMustNot] = useState(e?.mustNotContain.join(', ') ?? '');
  const [maxLength, setMaxLength] = useState(e?.maxLength ? String(e.maxLength) : '');
  const [flags, setFlags] = useState<Record<Flag, boolean | null>>({
    handoff: e?.handoff ?? null,
    needsOwner: e?.needsOwner ?? null,
    hotLead: e?.hotLead ?? null,
  });
  const [judged, setJudged] = useState(!!e?.rubric);
  const [rubric, setRubric] = useState(e?.rubric ?? DEFAULT_RUBRIC);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const expectation: AgentTestExpectation = {
      mustContain: words(must),
      mustNotContain: words(mustNot),
      maxLength: maxLength ? Number(maxLength) : null,
      onlyKnownAmounts: e?.onlyKnownAmounts ?? true,
      noUnallowedDiscount: e?.noUnallowedDiscount ?? true,
      ...flags,
      silent: e?.silent ?? null,
      rubric: judged ? rubric : null,
    };
    const input = {
      title,
      kind,
      turns: turns
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
      expectation,
    };
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success('Teste salvo.');
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Não foi possível salvar o teste.'),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="wide"
      title={editing ? 'Editar teste' : 'Novo teste'}
      description="O que o cliente diz e o que você espera da resposta do assistente."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar teste'}
          </Button>
        </>
      }
    >
      <div className="mt-4 grid gap-3 text-sm">
        <label className="font-medium text-slate-700">
          Nome do teste
          <Input className="mt-1" value={title} onChange={(ev) => setTitle(ev.target.value)} />
        </label>
        <label className="font-medium text-slate-700">
          Tipo
          <select className={fieldClass} value={kind} onChange={(ev) => setKind(ev.target.value as AgentTestKind)}>
            {AGENT_TEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {AGENT_TEST_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="font-medium text-slate-700">
          Mensagens do cliente (uma por linha; várias linhas = uma conversa)
          <textarea className={fieldClass} rows={3} value={turns} onChange={(ev) => setTurns(ev.target.value)} />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="font-medium text-slate-700">
            Deve conter (separe por vírgula)
            <Input className="mt-1" value={must} onChange={(ev) => setMust(ev.target.value)} />
          </label>
          <label className="font-medium text-slate-700">
            Não pode conter
            <Input className="mt-1" value={mustNot} onChange={(ev) => setMustNot(ev.target.value)} />
          </label>
        </div>
        <label className="font-medium text-slate-700">
          Tamanho máximo (caracteres, opcional)
          <Input
            className="mt-1"
            inputMode="numeric"
            value={maxLength}
            onChange={(ev) => setMaxLength(ev.target.value.replace(/\D/g, ''))}
          />
        </label>
        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="mb-1 font-medium text-slate-700">A resposta…</legend>
          {FLAGS.map(([flag, label]) => (
            <label key={flag} className="text-slate-700">
              {label}
              <select
                className={fieldClass}
                value={flags[flag] === null ? '' : String(flags[flag])}
                onChange={(ev) =>
                  setFlags((f) => ({ ...f, [flag]: ev.target.value === '' ? null : ev.target.value === 'true' }))
                }
              >
                <option value="">Não verificar</option>
                <option value="true">Sim</option>
                <option value="false">Não</option>
              </select>
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 font-medium text-slate-700">
          <input type="checkbox" checked={judged} onChange={(ev) => setJudged(ev.target.checked)} />
          Avaliar com o juiz (roda 3 vezes)
        </label>
        {judged ? (
          <label className="font-medium text-slate-700">
            Critérios do juiz
            <textarea className={fieldClass} rows={4} value={rubric} onChange={(ev) => setRubric(ev.target.value)} />
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
