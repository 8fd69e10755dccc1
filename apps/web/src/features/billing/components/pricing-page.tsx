import type { Plan } from '@vendai/contracts';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { useBillingStatus } from '@/lib/api/get-billing-status';
import { usePlans } from '@/lib/api/get-plans';
import { isCurrentPlan } from '../lib/plan-format';
import { AllowancesExplained } from './allowances-explained';
import { OverageCeilingCard } from './overage-ceiling-card';
import { PaymentDialog } from './payment-dialog';
import { PlanCard } from './plan-card';

/** docs/product/messages.md "Plans". */
const LOAD_FAILED = 'Não foi possível carregar os planos. Por favor, tente novamente.';
const LOAD_ERROR = 'Erro ao carregar planos. Por favor, recarregue a página.';

/** /pricing (docs/product/screens.md#plans-and-account): plan cards by sort order, a back link keeping the query string, the payment dialog. */
export function PricingPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const me = useMe();
  const plans = usePlans();
  const billing = useBillingStatus();
  const [chosen, setChosen] = useState<Plan | null>(null);

  useEffect(() => {
    if (search.get('checkout') === 'cancelled')
      toast('Pagamento cancelado. Nenhuma cobrança foi feita.', { id: 'checkout-cancelled' });
  }, [search]);

  const current = me.data?.plan ?? null;
  // Paid plans are sold through checkout only when this server takes payments (Stripe or the stand-in).
  const paymentsOff = billing.data?.paymentsEnabled === false;

  // '#limite-de-gastos' (the pause banner's and the alert's link): scrolled to once the card is shown.
  const showCeiling = Boolean(billing.data?.overage.applies);
  useEffect(() => {
    if (showCeiling && location.hash === '#limite-de-gastos')
      document.getElementById('limite-de-gastos')?.scrollIntoView({ block: 'start' });
  }, [showCeiling, location.hash]);
  const periodEnd =
    billing.data?.cancelAtPeriodEnd && billing.data.currentPeriodEnd ? new Date(billing.data.currentPeriodEnd) : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Link
        to={paths.conversations.getHref(location.search)}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> Voltar ao painel
      </Link>
      <div className="mt-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Escolha o plano ideal para o seu negócio
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-600">
          Mais mensagens de IA, mais agentes e mais números de WhatsApp. Nos planos pagos, cada mensagem de IA acima do
          limite custa US$ 0,01.
        </p>
      </div>
      {periodEnd ? (
        <Alert tone="warning" className="mt-4">
          Sua assinatura foi cancelada e termina em{' '}
          {periodEnd.toLocaleDateString('pt-BR', { day: '2-digit', month: 'long', year: 'numeric' })}. Até lá, o plano
          continua ativo.
        </Alert>
      ) : null}
      {paymentsOff ? (
        <Alert tone="warning" className="mt-4">
          A assinatura online dos planos pagos não está disponível neste servidor. Para assinar, fale com a nossa equipe
          {billing.data?.salesUrl ? ' pelo botão de cada plano' : ''}: o plano gratuito continua disponível.
        </Alert>
      ) : null}

      <div className="mt-8">
        {plans.isPending ? (
          <PlansSkeleton />
        ) : plans.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{LOAD_ERROR}</Alert>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden /> Recarregar a página
            </Button>
          </div>
        ) : !plans.data?.length ? (
          <div className="space-y-3">
            <Alert tone="error">{LOAD_FAILED}</Alert>
            <Button variant="secondary" onClick={() => void plans.refetch()}>
              <RefreshCw aria-hidden /> Tentar novamente
            </Button>
          </div>
        ) : (
          <div className="grid gap-6 pt-3 sm:grid-cols-2 xl:grid-cols-4">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={isCurrentPlan(plan, current)}
                salesUrl={billing.data?.salesUrl ?? null}
                paymentsOff={paymentsOff}
                onChoose={setChosen}
              />
            ))}
          </div>
        )}
      </div>
      {showCeiling && billing.data ? <OverageCeilingCard overage={billing.data.overage} /> : null}
      {me.data ? <AllowancesExplained /> : null}
      <PaymentDialog plan={chosen} onClose={() => setChosen(null)} />
    </div>
  );
}

function PlansSkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4" role="status" aria-label="Carregando planos">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-96 animate-pulse rounded-2xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}
