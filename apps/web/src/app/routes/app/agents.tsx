import { Bot } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="IA Treinamento"
      description="Seus agentes de IA e o treinamento de cada um."
      icon={Bot}
      coming={['Lista dos seus agentes com status', 'Criar e retreinar agentes', 'Limite de agentes do seu plano']}
    />
  );
}
