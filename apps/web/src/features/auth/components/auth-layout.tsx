import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

const POINTS = [
  'Responde seus clientes 24 horas por dia',
  'Fala com a voz do seu negócio',
  'Você assume a conversa quando quiser',
];

/** Sign-in, sign-up and recovery pages: brand panel on wide screens, form card everywhere. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-emerald-700 via-emerald-600 to-teal-600 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <Link to={paths.home.getHref()} aria-label="Página inicial">
          <Logo inverted />
        </Link>
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-bold">Seu vendedor com IA no WhatsApp, pronto em 10 minutos.</p>
          <ul className="mt-8 space-y-3 text-emerald-50">
            {POINTS.map((p) => (
              <li key={p} className="flex items-center gap-3">
                <CheckCircle2 className="size-5 shrink-0 text-emerald-200" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-emerald-100">Grátis para começar. Sem cartão de crédito.</p>
        <div
          className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-white/10"
          aria-hidden
        />
      </aside>
      <main className="flex items-center justify-center bg-slate-50 px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <Link to={paths.home.getHref()} className="mb-8 inline-block lg:hidden" aria-label="Página inicial">
            <Logo />
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
