import { BILLING_MESSAGES, isFreePlan, type Me } from '@vendai/contracts';
import { useCallback, useEffect, useState } from 'react';
import { LimitDialog } from '@/components/limit-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { createPortalSession } from '@/lib/api/create-portal-session';
import { goToExternal } from '@/lib/billing';
import { usePublicConfig } from '@/lib/public-config';
import { paths } from '@/config/paths';

type PortalState = { kind: 'opening' } | { kind: 'unavailable' } | { kind: 'error'; message: string };

/**
 * Account portal (docs/product/rules.md#states-and-transitions): a free plan (or price 0) shows 'Plano Gratuito' with 'Ver Planos' (a
 * null price, sem-limites, is not free). Otherwise the payment portal opens; no stored customer →
 * 'Acesso Indisponível' with the configured support address (SUPPORT_EMAIL); a failure → 'Erro' with 'Tentar Novamente'.
 */
export function AccountPortalDialog({
  me,
  open,
  onOpenChange,
}: {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const free = isFreePlan(me.plan);
  const [state, setState] = useState<PortalState>({ kind: 'opening' });
  const supportEmail = usePublicConfig().data?.supportEmail;

  const openPortal = useCallback(async () => {
    setState({ kind: 'opening' });
    try {
      const { url } = await createPortalSession();
      if (!url) throw new Error(BILLING_MESSAGES.sessionUrlMissing);
      goToExternal(url);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ kind: 'unavailable' });
      else
        setState({ kind: 'error', message: err instanceof Error ? err.message : 'Erro ao buscar perfil do usuário' });
    }
  }, []);

  useEffect(() => {
    if (open && !free) void openPortal();
  }, [open, free, openPortal]);

  if (free) {
    return (
      <LimitDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Plano Gratuito"
        description="Você está no plano gratuito: não há assinatura para gerenciar. Veja os planos para ter mais mensagens de IA, agentes e números."
      />
    );
  }
  if (state.kind === 'unavailable') {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Acesso Indisponível"
        description="Não encontramos os dados de pagamento da sua assinatura. Fale com o suporte para gerenciar seu plano."
        footer={
          <Button asChild>
            {/* Without the public config (offline), the in-app message form reaches the same team. */}
            <a href={supportEmail ? `mailto:${supportEmail}` : paths.feedback.getHref()}>Falar com o suporte</a>
          </Button>
        }
      />
    );
  }
  if (state.kind === 'error') {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Erro"
        description={state.message}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Fechar
            </Button>
            <Button onClick={() => void openPortal()}>Tentar Novamente</Button>
          </>
        }
      />
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Gerenciar assinatura">
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Abrindo o portal de pagamento...
      </p>
    </Dialog>
  );
}
