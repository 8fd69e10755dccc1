import { Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <div className="min-h-dvh bg-slate-50">
    <ComingSoon
      title="Conectar WhatsApp"
      description="Escaneie o QR Code com o celular do seu negócio."
      icon={Smartphone}
      coming={['QR Code com contagem regressiva', 'Conexão confirmada automaticamente']}
      action={
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.getHref()}>Voltar ao painel</Link>
        </Button>
      }
    />
    </div>
  );
}
