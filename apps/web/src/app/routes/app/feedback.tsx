import { Lightbulb } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Ajude A Melhorar"
      description="Conte o que podemos melhorar no VendAI: sugestões, bugs e novas ideias."
      icon={Lightbulb}
      coming={['Formulário de sugestão, bug ou nova funcionalidade', 'Resposta por e-mail, se você quiser']}
    />
  );
}
