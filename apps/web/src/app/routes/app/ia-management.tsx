import { Bot } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Gerenciar IA"
      description="Edite o roteiro (prompt) do seu agente e o tempo de resposta."
      icon={Bot}
      coming={['Editor do prompt com contagem de caracteres', 'Tempo de resposta do agente', 'Chat com a treinadora de prompt']}
    />
  );
}
