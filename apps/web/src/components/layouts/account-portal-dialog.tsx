import type { Me } from '@vendai/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LimitDialog } from '@/components/limit-dialog';

/**
 * Account portal (part 2 §4): a free plan (or price 0) shows 'Plano Gratuito' with 'Ver Planos'.
 * Paid plans open the payment portal once billing is configured; until then 'Acesso Indisponível'.
 */
export function AccountPortalDialog({ me, open, onOpenChange }: { me: Me; open: boolean; onOpenChange: (open: boolean) => void }) {
  const isFree = !me.plan || me.planLabel === 'Gratuito' || !me.plan.priceCents;
  if (isFree) {
    return (
      <LimitDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Plano Gratuito"
        description="Você está no plano gratuito: não há assinatura para gerenciar. Veja os planos para ter mais mensagens de IA, agentes e números."
      />
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Acesso Indisponível"
      description="Não encontramos os dados de pagamento da sua assinatura. Fale com o suporte para gerenciar seu plano."
      footer={
        <Button asChild>
          <a href="mailto:suporte@vendai.com.br">Falar com o suporte</a>
        </Button>
      }
    />
  );
}
