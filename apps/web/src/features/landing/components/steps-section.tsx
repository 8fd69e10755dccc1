import { STEPS } from '../content';
import { SECTION_IDS } from '../lib/sections';
import { StepIllustration } from '@/components/illustrations/step-illustration';

export function StepsSection() {
  return (
    <section
      id={SECTION_IDS.steps}
      aria-labelledby="como-funciona-title"
      className="scroll-mt-16 bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Como funciona</p>
          <h2
            id="como-funciona-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {STEPS.length} passos e sua IA começa a vender
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Tudo leva cerca de 10 minutos. Sem instalar nada e sem precisar entender de tecnologia.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step) => (
            <li key={step.number} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <StepIllustration image={step.image} />
              <div className="mt-5 flex items-center gap-3">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white"
                  aria-hidden
                >
                  {step.number}
                </span>
                <h3 className="text-lg font-semibold text-slate-900">
                  <span className="sr-only">Passo {step.number}: </span>
                  {step.title}
                </h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
