import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

/** A new account: what the page will show, and the next step (connect a number or try the simulator). */
export function ResultsEmpty() {
  const config = usePublicConfig();
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <BarChart3 className="mx-auto size-10 text-brand-600" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">Seus resultados aparecem aqui</h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600">
        Assim que os clientes começarem a conversar com o seu WhatsApp, você verá quantas conversas a IA atendeu
        sozinha, em quanto tempo respondeu, quantas respostas deu com a loja fechada e em que horários seus clientes
        mais escrevem — comparado com o período anterior.
      </p>
      <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link to={paths.numbers.getHref()}>Conectar um WhatsApp</Link>
        </Button>
        {config.data?.simulator ? (
          <Button asChild variant="secondary">
            <Link to={paths.simulator.getHref()}>Abrir o simulador</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
