import { MoonStar, Repeat2, Timer } from 'lucide-react';
import { PRODUCT_NAME } from '@vendai/contracts/brand';
import { SECTION_IDS } from '../lib/sections';

const PROBLEMS = [
  {
    icon: MoonStar,
    title: 'Mensagens fora do horário ficam sem resposta',
    text: 'O cliente chama à noite ou no domingo, quando você não pode atender, e a vontade de comprar esfria.',
  },
  {
    icon: Repeat2,
    title: 'As mesmas perguntas, o dia inteiro',
    text: 'Preço, horário, forma de pagamento, endereço. Responder tudo à mão toma o tempo que você teria para trabalhar.',
  },
  {
    icon: Timer,
    title: 'Quem espera demais compra do concorrente',
    text: 'No WhatsApp, rapidez vende. Uma resposta que demora horas costuma virar uma venda perdida.',
  },
];

export function WhySection() {
  return (
    <section id={SECTION_IDS.why} aria-labelledby="por-que-title" className="scroll-mt-16 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Por que o {PRODUCT_NAME} existe
          </p>
          <h2
            id="por-que-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Quem vende sozinho não consegue estar no WhatsApp o tempo todo
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-pretty text-slate-600">
            <p>
              Dentistas, coaches, terapeutas, consultores, lojistas e quem vende infoprodutos: o cliente chega pelo
              WhatsApp, mas você está atendendo, produzindo ou simplesmente descansando.
            </p>
            <p>
              Criamos o {PRODUCT_NAME} para que nenhuma dessas conversas se perca. Ele responde na hora, com as
              informações do seu negócio e no seu tom, e deixa para você só o que realmente precisa de você.
            </p>
          </div>
        </div>
        <ul className="space-y-4">
          {PROBLEMS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
