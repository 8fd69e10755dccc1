import { CreditCard } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Planos"
      description="Escolha o plano ideal para o tamanho do seu atendimento."
      icon={CreditCard}
      coming={['Planos Gratuito, Expansão IA, Consciência VendAI e Sem Limites', 'Pagamento seguro com cartão']}
    />
  );
}
