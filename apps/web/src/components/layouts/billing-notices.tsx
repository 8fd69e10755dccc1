import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, type BillingStatus, type Me } from '@vendai/contracts';
import { CreditCard, PauseCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import { billingStatusQueryOptions, useBillingStatus } from '@/lib/api/get-billing-status';
import { usageQueryOptions } from '@/lib/api/get-usage';
import { AccountPortalDialog } from './account-portal-dialog';

/**
 * Billing notices of the shell: back from the checkout page (?checkout=success&session_id=…) the
 * session is confirmed, the plan, limits and label refresh and a toast says so; a failed payment
 * shows a banner with the payment portal (docs/product/rules.md#states-and-transitions, docs/decisions/012-payments-stripe-and-local-stand-in.md).
 */
export function BillingNotices({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const billing = useBillingStatus();
  const [portalOpen, setPortalOpen] = useState(false);
  const confirming = useRef<string | null>(null);

  const sessionId = search.get('checkout') === 'success' ? search.get('session_id') : null;
  useEffect(() => {
    if (!sessionId || confirming.current === sessionId) return;
    confirming.current = sessionId;
    void (async () => {
      try {
        const status = await api.post<BillingStatus>('/api/billing/confirm-checkout', { sessionId });
        queryClient.setQueryData(billingStatusQueryOptions.queryKey, status);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
          queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey }),
        ]);
        toast.success(BILLING_MESSAGES.checkoutConfirmed);
      } catch (err) {
        toast.error(err instanceof Error ? err.message : BILLING_MESSAGES.upstream);
      } finally {
        const rest = new URLSearchParams(search);
        rest.delete('checkout');
        rest.delete('session_id');
        const q = rest.toString();
        void navigate(`${location.pathname}${q ? `?${q}` : ''}`, { replace: true });
      }
    })();
  }, [sessionId, search, location.pathname, navigate, queryClient]);

  const overage = billing.data?.overage;
  if (overage?.paused) return <OveragePausedBanner ceilingCents={overage.ceilingCents} />;
  if (!billing.data?.paymentFailed) return null;
  return (
    <>
      <div
        role="alert"
        className="flex flex-col gap-2 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:px-6"
      >
        <CreditCard className="hidden size-4 shrink-0 sm:block" aria-hidden />
        <p className="flex-1">
          Não conseguimos cobrar sua assinatura. Atualize a forma de pagamento para manter seu plano.
        </p>
        <button
          type="button"
          onClick={() => setPortalOpen(true)}
          className="shrink-0 self-start font-semibold text-red-900 underline underline-offset-4 sm:self-auto"
        >
          Abrir portal de pagamento
        </button>
      </div>
      <AccountPortalDialog me={me} open={portalOpen} onOpenChange={setPortalOpen} />
    </>
  );
}

/**
 * The AI paused at the owner's overage ceiling (docs/decisions/021-spend-and-abuse-limits.md): says
 * why, what still works, and links to raise the ceiling on Planos.
 */
function OveragePausedBanner({ ceilingCents }: { ceilingCents: number }) {
  const ceiling = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(ceilingCents / 100);
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:px-6"
    >
      <PauseCircle className="hidden size-4 shrink-0 sm:block" aria-hidden />
      <p className="flex-1">
        <strong className="font-semibold">A IA está pausada:</strong> o limite de gastos extras deste período ({ceiling}
        ) foi atingido. Seus clientes não recebem respostas da IA; você ainda pode responder pela caixa de entrada.
      </p>
      <Link
        to={`${paths.pricing.getHref()}#limite-de-gastos`}
        className="shrink-0 self-start font-semibold text-red-900 underline underline-offset-4 sm:self-auto"
      >
        Aumentar o limite
      </Link>
    </div>
  );
}
