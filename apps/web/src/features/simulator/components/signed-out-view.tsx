import { LogIn, MonitorSmartphone } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { returnSearch } from '@/lib/return-to';

/**
 * '/simulador' signed out: the simulator plays the phone and the customers of the signed-in account's
 * own numbers, so it asks for the sign-in and comes back here afterwards.
 */
export function SimulatorSignedOut() {
  const { pathname, search } = useLocation();
  const back = returnSearch(`${pathname}${search}`);
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to={paths.home.getHref()} className="inline-block" aria-label="Página inicial">
          <Logo />
        </Link>
        <div className="mt-6 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MonitorSmartphone className="size-6" aria-hidden />
        </div>
        <h1 className="mt-4 text-xl font-bold text-slate-900">Entre para usar o simulador de WhatsApp</h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          O simulador faz o papel do celular e dos clientes dos números da sua conta. Você não está conectado: entre com
          a mesma conta do VendAI e voltamos para esta página.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to={paths.login.getHref(back)}>
              <LogIn aria-hidden /> Entrar
            </Link>
          </Button>
          <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
            <Link to={paths.register.getHref(back)}>Criar conta</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
