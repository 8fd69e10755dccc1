import { ArrowLeft, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DemoModeNotice } from '@/components/demo-mode-notice';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { WizardStep } from '../lib/wizard';

const PHASES: { step: WizardStep; label: string }[] = [
  { step: 'perguntas-chave', label: 'Perguntas-chave' },
  { step: 'perguntas-refinamento', label: 'Refinamento' },
  { step: 'nome', label: 'Nome do agente' },
];

function Stepper({ step }: { step: WizardStep }) {
  const current = step === 'finalizado' ? PHASES.length : PHASES.findIndex((p) => p.step === step);
  return (
    <ol className="flex items-center gap-2 text-xs font-medium sm:text-sm" aria-label="Etapas do treinamento">
      {PHASES.map((p, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li key={p.step} className="flex min-w-0 items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                done
                  ? 'bg-brand-700 text-white'
                  : active
                    ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-600'
                    : 'bg-slate-200 text-slate-600',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden /> : i + 1}
            </span>
            <span
              className={cn('truncate', active ? 'text-slate-900' : 'text-slate-600', !active && 'hidden sm:inline')}
            >
              {p.label}
            </span>
            {i < PHASES.length - 1 ? <span className="h-px w-4 shrink-0 bg-slate-300 sm:w-8" aria-hidden /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The wizard's frame: logo, the back-to-dashboard link on every step, the steps, the demo notice. */
export function WizardLayout({
  step,
  title,
  children,
}: {
  step: WizardStep | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50/70 via-slate-50 to-slate-50">
      <header className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <Link
          to={paths.conversations.getHref()}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Voltar ao painel
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pt-2 pb-16 sm:px-6 sm:pt-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {step ? (
          <div className="mt-4">
            <Stepper step={step} />
          </div>
        ) : null}
        <DemoModeNotice className="mt-4" />
        <div className="mt-5">{children}</div>
      </main>
    </div>
  );
}
