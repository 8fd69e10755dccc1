import { ArrowRight, CheckCircle2, PlayCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuthHrefs } from '../hooks/use-auth-hrefs';
import { SECTION_IDS } from '../lib/sections';
import { ChatIllustration } from './chat-illustration';
import { SectionLink } from './section-link';

const PROMISES = ['Grátis para começar', 'Sem cartão de crédito', 'Pronto em cerca de 10 minutos'];

export function HeroSection() {
  const { registerHref } = useAuthHrefs();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm sm:text-sm">
            <span className="size-2 rounded-full bg-brand-500" aria-hidden />
            Assistente de vendas com IA para WhatsApp
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem]"
          >
            Venda pelo WhatsApp <span className="text-brand-700">24 horas por dia</span>, com uma IA que fala como você
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 lg:mx-0">
            O VendAI responde seus clientes na hora, tira dúvidas e conduz a venda enquanto você cuida do negócio.
            Conecte seu número, responda algumas perguntas e a IA começa a atender.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Button asChild size="lg" className="bg-brand-700 hover:bg-brand-800">
              <a href={registerHref}>
                Começar Grátis
                <ArrowRight aria-hidden />
              </a>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <SectionLink to={SECTION_IDS.tutorials}>
                <PlayCircle aria-hidden />
                Ver como funciona
              </SectionLink>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {PROMISES.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0 text-brand-600" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <ChatIllustration />
      </div>
    </section>
  );
}
