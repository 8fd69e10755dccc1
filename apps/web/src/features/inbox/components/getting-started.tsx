import { Bot, MessagesSquare, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const STEPS = [
  { icon: Bot, title: 'Treine sua IA', text: 'Responda 7 perguntas sobre o seu negócio e a IA escreve o próprio roteiro de vendas.', href: paths.onboarding.trainAi.getHref(), cta: 'Treinar minha IA' },
  { icon: Smartphone, title: 'Conecte seu WhatsApp', text: 'Escaneie um QR Code com o celular do negócio, como no WhatsApp Web.', href: paths.instances.getHref(), cta: "Ver WhatsApp's" },
  { icon: MessagesSquare, title: 'Acompanhe as conversas', text: 'Veja aqui cada conversa ao vivo e assuma o atendimento quando quiser.', href: null, cta: null },
];

/** The empty state when no WhatsApp is connected yet: the three first steps. */
export function GettingStarted() {
  return (
    <section aria-labelledby="primeiros-passos" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h2 id="primeiros-passos" className="text-lg font-semibold text-slate-900">
        Primeiros passos
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text, href, cta }, i) => (
          <li key={title} className="flex flex-col rounded-xl border border-slate-200 p-5">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">
              {i + 1}. {title}
            </h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
            {href && cta ? (
              <Button asChild variant={i === 0 ? 'primary' : 'secondary'} className="mt-4 self-start">
                <Link to={href}>{cta}</Link>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
