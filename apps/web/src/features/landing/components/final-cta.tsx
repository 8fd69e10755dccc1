import { ArrowRight } from 'lucide-react';
import { useAuthHrefs } from '../hooks/use-auth-hrefs';

export function FinalCta() {
  const { registerHref, loginHref } = useAuthHrefs();
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <div aria-hidden className="absolute -top-24 -right-24 size-72 rounded-full bg-brand-600/40 blur-3xl" />
        <div aria-hidden className="absolute -bottom-24 -left-24 size-72 rounded-full bg-emerald-400/20 blur-3xl" />
        <div className="relative">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Deixe a IA atender enquanto você cuida do seu negócio
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-50">
            Grátis para começar, sem cartão de crédito. Em cerca de 10 minutos seu assistente já está respondendo seus
            clientes.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <a
              href={registerHref}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-white sm:w-auto"
            >
              Começar Grátis
              <ArrowRight className="size-4" aria-hidden />
            </a>
            <p className="text-sm text-brand-50">
              Já tem conta?{' '}
              <a
                href={loginHref}
                className="font-semibold text-white underline underline-offset-4 hover:no-underline focus-visible:outline-white"
              >
                Entrar
              </a>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
