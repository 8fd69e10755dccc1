import { Quote } from 'lucide-react';
import { TESTIMONIALS } from '../content';
import { SECTION_IDS } from '../lib/sections';
import { cn } from '@/lib/cn';

export function TestimonialsSection() {
  return (
    <section
      id={SECTION_IDS.testimonials}
      aria-labelledby="depoimentos-title"
      className="scroll-mt-16 bg-white py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Depoimentos</p>
          <h2
            id="depoimentos-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Quem usa, não volta a responder tudo sozinho
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Quote className="size-8 text-brand-200" aria-hidden />
                <blockquote className="mt-4 flex-1 leading-relaxed text-pretty text-slate-700">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span
                    role="img"
                    aria-label={`Avatar de ${item.name}`}
                    className={cn(
                      'flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                      item.avatarClass,
                    )}
                  >
                    <span aria-hidden>{item.initials}</span>
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-sm text-slate-600">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-xs text-slate-500">
          Depoimentos ilustrativos, baseados em situações comuns de quem vende pelo WhatsApp.
        </p>
      </div>
    </section>
  );
}
