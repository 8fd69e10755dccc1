import { Smartphone } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="WhatsApp's"
      description="Os números de WhatsApp conectados à sua conta."
      icon={Smartphone}
      coming={['Conectar um número escaneando o QR Code', 'Status de conexão e reconexão', 'Escolher qual agente de IA atende em cada número']}
    />
  );
}
