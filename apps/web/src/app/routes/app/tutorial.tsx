import { PlayCircle } from 'lucide-react';
import { ComingSoon } from '@/components/layouts/coming-soon';

export function Component() {
  return (
    <ComingSoon
      title="Tutorial"
      description="Aulas rápidas para tirar o máximo do VendAI."
      icon={PlayCircle}
      coming={['3 mini aulas em vídeo: conectar, treinar e vender']}
    />
  );
}
