import { Sparkles } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Bem-vindo ao VendAI"
      description="Você está usando uma versão inicial do produto. Sua opinião faz diferença."
      icon={Sparkles}
      coming={['Novidades desta versão', 'Como reportar um problema']}
    />
  );
}
