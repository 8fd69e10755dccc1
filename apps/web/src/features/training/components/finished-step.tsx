import type { FinishTrainingResult, TrainingMode } from '@vendai/contracts';
import { AlertTriangle, ArrowRight, CircleCheckBig, RefreshCw, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useNumbers } from '@/lib/api/get-numbers';
import { AgentLinkStatus } from './agent-link-status';

/** Where the final button goes (docs/product/screens.md): update → /ia-management, create → /agents-management, no mode → /dashboard. */
export function finalTarget(mode: TrainingMode | null, agentId: string | null): { href: string; label: string } {
  if (mode === 'update')
    return { href: paths.promptWorkshop.getHref(agentId ?? undefined), label: 'Ver agente atualizado' };
  if (mode === 'create') return { href: paths.agents.getHref(), label: 'Ver meus agentes' };
  return { href: paths.conversations.getHref(), label: 'Ir para o painel' };
}

/** Whether one of the account's numbers is connected (decision 056: else 'Conectar WhatsApp' is the next step). */
export const anyConnected = (numbers: { status: string }[]) => numbers.some((n) => n.status === 'CONECTADO');

/**
 * The finished screen. A failed finish still lands here (docs/product/messages.md): it says what happened, and
 * the answers, still in memory, can be sent again.
 */
export function FinishedStep({
  mode,
  modeParam,
  result,
  error,
  retrying,
  onRetry,
}: {
  mode: TrainingMode;
  modeParam: TrainingMode | null;
  result: FinishTrainingResult | null;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  const target = finalTarget(modeParam, result?.agentId ?? null);
  const numbers = useNumbers();
  // No WhatsApp connected (none yet, or every one disconnected): the next step after training is connecting one.
  const connectFirst = Boolean(result) && numbers.isSuccess && !anyConnected(numbers.data);
  if (!result) {
    const limit = error instanceof ApiError && error.code === 'LIMIT_REACHED';
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <AlertTriangle className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">Não foi possível salvar o seu agente</h2>
        <Alert tone="error" className="mx-auto mt-4 max-w-md text-left">
          {error?.message ?? 'Erro inesperado. Tente novamente.'}
        </Alert>
        <p className="mx-auto mt-3 max-w-md text-sm text-slate-600">
          Suas respostas continuam nesta página enquanto ela estiver aberta.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {limit ? (
            <Button asChild>
              <Link to={paths.pricing.getHref()}>Ver Planos</Link>
            </Button>
          ) : (
            <Button onClick={onRetry} disabled={retrying}>
              <RefreshCw aria-hidden />
              {retrying ? 'Tentando...' : 'Tentar novamente'}
            </Button>
          )}
          <Button asChild variant="secondary">
            <Link to={target.href}>{target.label}</Link>
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/60">
        <CircleCheckBig className="size-8" aria-hidden />
      </span>
      <h2 className="mt-5 text-2xl font-bold text-slate-900">
        {mode === 'update' ? 'Treinamento atualizado!' : 'Seu agente está pronto!'}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        <strong className="font-semibold text-slate-900">{result.apelido}</strong>{' '}
        {mode === 'update'
          ? `aprendeu as novidades. Este é o treinamento nº ${result.trainnings} dele.`
          : 'já tem um roteiro de vendas escrito a partir das suas respostas.'}
      </p>
      <AgentLinkStatus agentId={result.agentId} />
      {result.promptSource === 'template' ? (
        <p className="mx-auto mt-3 max-w-md text-sm text-amber-800">
          Não deu para usar a resposta da IA desta vez, então o roteiro foi montado diretamente das suas respostas. Você
          pode refazer o treinamento quando quiser.
        </p>
      ) : null}
      {connectFirst ? (
        // The one step left is connecting WhatsApp: it is the big button; the usual target stays beside it.
        <div className="mt-7 flex flex-col items-center justify-center gap-2 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to={paths.numbers.getHref()}>
              <Smartphone aria-hidden />
              Conectar WhatsApp
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
            <Link to={target.href}>{target.label}</Link>
          </Button>
        </div>
      ) : (
        <Button asChild size="lg" className="mt-7 w-full sm:w-auto">
          <Link to={target.href}>
            {target.label}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </section>
  );
}
