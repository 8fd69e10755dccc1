import { FlaskConical } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Playground"
      description="Converse com o seu agente antes de colocá-lo para atender clientes."
      icon={FlaskConical}
      coming={['Chat de teste com o agente escolhido', 'Botão para limpar o chat']}
    />
  );
}
