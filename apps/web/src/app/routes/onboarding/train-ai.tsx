import { Bot } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <div className="min-h-dvh bg-slate-50">
    <ComingSoon
      title="Treinar IA"
      description="Responda 7 perguntas sobre o seu negócio e a IA escreve o próprio roteiro."
      icon={Bot}
      coming={['As 7 perguntas-chave sobre o seu negócio', 'Perguntas de refinamento feitas pela IA', 'Nome do seu agente']}
      action={
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.getHref()}>Voltar ao painel</Link>
        </Button>
      }
    />
    </div>
  );
}
