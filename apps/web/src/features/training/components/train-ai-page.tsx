import type { TrainingMode } from '@vendai/contracts';
import { AlertTriangle, Lock } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LimitDialog } from '@/components/limit-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { limits } from '@/lib/usage';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { useAgentToRetrain } from '@/lib/api/get-agent';
import type { DraftOwner } from '../lib/draft-storage';
import type { WizardStep } from '../lib/wizard';
import { TrainingWizard } from './training-wizard';
import { WizardLayout } from './wizard-layout';

const LIMIT_TEXT = {
  create: 'Você atingiu o limite de agentes do seu plano. Faça upgrade para criar mais agentes.',
  update:
    'Você atingiu o limite de treinamentos do seu plano neste mês. Edições manuais do prompt continuam liberadas.',
} as const;
const LIMITS_LOOKUP_FAILED = 'Erro ao verificar limites do plano. Tente novamente.';
const AGENT_LOOKUP_FAILED = 'Erro ao buscar dados do agente';

/**
 * /onboarding/train-ai?mode=create|update&agentId= (docs/product/screens.md): checks the plan before starting
 * (a new agent, or a retraining), then runs the wizard. Absent mode counts as create.
 */
export function TrainAiPage() {
  const [params] = useSearchParams();
  const rawMode = params.get('mode');
  const modeParam: TrainingMode | null = rawMode === 'create' || rawMode === 'update' ? rawMode : null;
  const mode: TrainingMode = modeParam ?? 'create';
  const agentId = mode === 'update' ? params.get('agentId') : null;

  const me = useMe();
  const usage = useCurrentUsage();
  const agent = useAgentToRetrain(agentId);
  const [gate, setGate] = useState<'checking' | 'ok' | 'blocked'>('checking');
  const [limitOpen, setLimitOpen] = useState(false);
  const [step, setStep] = useState<WizardStep | null>(null);

  // Decided once, on fresh numbers: finishing the wizard changes them, and must not close it.
  useEffect(() => {
    if (gate !== 'checking' || !usage.data || !usage.isFetchedAfterMount) return;
    const allowed = mode === 'update' ? limits.canRetrain(usage.data) : limits.canCreateAgent(usage.data);
    setGate(allowed ? 'ok' : 'blocked');
    setLimitOpen(!allowed);
  }, [gate, mode, usage.data, usage.isFetchedAfterMount]);

  const userId = me.data?.user.id;
  const owner = useMemo<DraftOwner | null>(() => (userId ? { userId, mode, agentId } : null), [userId, mode, agentId]);
  const title = mode === 'update' ? 'Refazer treinamento' : 'Treinar sua IA';
  const backTarget = mode === 'update' && agentId ? paths.promptWorkshop.getHref(agentId) : paths.agents.getHref();

  let content;
  if (mode === 'update' && (!agentId || agent.isError)) {
    content = (
      <Problem message={AGENT_LOOKUP_FAILED} detail="Confira se o agente ainda existe na sua lista e tente de novo." />
    );
  } else if (usage.isError && gate === 'checking') {
    content = (
      <Problem message={LIMITS_LOOKUP_FAILED}>
        <Button onClick={() => void usage.refetch()}>Tentar novamente</Button>
      </Problem>
    );
  } else if (gate === 'checking' || !owner || (mode === 'update' && agent.isPending)) {
    content = (
      <div className="flex justify-center rounded-2xl border border-slate-200 bg-white py-14">
        <Spinner label="Verificando seu plano..." />
      </div>
    );
  } else if (gate === 'blocked') {
    content = (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <Lock className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Limite do plano atingido</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{LIMIT_TEXT[mode]}</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild variant="secondary">
            <Link to={backTarget}>Voltar</Link>
          </Button>
          <Button asChild>
            <Link to={paths.pricing.getHref()}>Ver Planos</Link>
          </Button>
        </div>
      </section>
    );
  } else {
    content = (
      <>
        {step === 'perguntas-chave' ? (
          <p className="mb-4 text-[15px] text-slate-600">
            {mode === 'update'
              ? 'Responda de novo sobre o seu negócio: a IA reescreve o roteiro do agente com as respostas novas.'
              : 'Responda 7 perguntas sobre o seu negócio. Depois a IA faz algumas perguntas extras e escreve sozinha o roteiro de vendas do seu agente.'}
          </p>
        ) : null}
        <TrainingWizard
          owner={owner}
          modeParam={modeParam}
          initialName={agent.data?.apelido ?? ''}
          onStepChange={setStep}
        />
      </>
    );
  }

  return (
    <WizardLayout step={gate === 'ok' ? step : null} title={title}>
      {content}
      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={LIMIT_TEXT[mode]} />
    </WizardLayout>
  );
}

function Problem({ message, detail, children }: { message: string; detail?: string; children?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <AlertTriangle className="size-7" aria-hidden />
      </span>
      <Alert tone="error" className="mx-auto mt-4 max-w-md text-left">
        {message}
      </Alert>
      {detail ? <p className="mx-auto mt-3 max-w-md text-sm text-slate-600">{detail}</p> : null}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild variant="secondary">
          <Link to={paths.conversations.getHref()}>Voltar ao Dashboard</Link>
        </Button>
        {children}
      </div>
    </section>
  );
}
