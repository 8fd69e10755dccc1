import { BILLING_MESSAGES, type Plan } from '@vendai/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { goToExternal } from '@/lib/billing';
import { useActivateFreePlan, useCreateCheckoutSession } from '../api/choose-plan';
import { checkoutErrorText, formatPlanPrice, planBullets } from '../lib/plan-format';

/**
 * The payment dialog (docs/product/rules.md#states-and-transitions "Plan payment", docs/product/messages.md "Checkout"): confirms the
 * choice; the free plan is activated at once (then /dashboard with a toast), a paid plan goes to the
 * checkout page. Errors in a red box with the spec's texts.
 */
export function PaymentDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const navigate = useNavigate();
  const activate = useActivateFreePlan();
  const checkout = useCreateCheckoutSession();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = activate.isPending || checkout.isPending || leaving;
  const free = plan?.priceCents === 0;

  const confirm = async () => {
    setError(null);
    if (!plan?.id) {
      setError(BILLING_MESSAGES.planMissing);
      return;
    }
    try {
      if (free) {
        await activate.mutateAsync(plan.id);
        toast.success(BILLING_MESSAGES.freeActivated);
        onClose();
        void navigate(paths.conversations.getHref());
        return;
      }
      const url = await checkout.mutateAsync(plan.id);
      setLeaving(true);
      goToExternal(url);
    } catch (err) {
      setError(checkoutErrorText(err));
    }
  };

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setError(null);
          onClose();
        }
      }}
      title={plan ? `Assinar ${plan.name}` : 'Assinar plano'}
      description={
        plan
          ? free
            ? 'O plano gratuito é ativado na hora, sem pagamento.'
            : `${formatPlanPrice(plan.priceCents ?? 0)} por mês, mais US$ 0,01 por mensagem de IA acima do limite do plano. O pagamento é feito em uma página segura de pagamento.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? <Spinner className="size-4" /> : null}
            {free ? 'Ativar plano gratuito' : busy ? 'Abrindo pagamento...' : 'Ir para o pagamento'}
          </Button>
        </>
      }
    >
      {plan ? (
        <ul className="mt-4 space-y-1.5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {planBullets(plan.description).map((b) => (
            <li key={b}>• {b}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
    </Dialog>
  );
}
