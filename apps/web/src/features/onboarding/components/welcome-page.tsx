import { PRODUCT_NAME } from '@vendai/contracts';
import { ArrowRight, Clock, MessageCircleQuestion, QrCode, Rocket, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';

const NEXT_STEPS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string; time: string }> = [
  {
    icon: MessageCircleQuestion,
    title: 'Treine sua IA',
    text: 'Responda 7 perguntas sobre o seu negócio, seus clientes e o seu jeito de vender. A IA pode fazer algumas perguntas extras e escreve sozinha as instruções de atendimento.',
    time: 'cerca de 5 minutos',
  },
  {
    icon: QrCode,
    title: 'Conecte seu WhatsApp',
    text: 'Escaneie o QR code com o celular, como no WhatsApp Web, e seu número fica ligado ao VendAI.',
    time: 'cerca de 2 minutos',
  },
  {
    icon: Rocket,
    title: 'Deixe a IA vender',
    text: 'A IA passa a responder seus clientes 24 horas por dia, e você acompanha e assume qualquer conversa pelo painel.',
    time: 'a partir daí, no automático',
  },
];

/** The first name of a full name ('Ana Maria Souza' → 'Ana'); '' when there is none. */
function firstName(fullName: string | null | undefined) {
  return fullName?.trim().split(/\s+/)[0] ?? '';
}

/** /onboarding/welcome: first screen after sign-up (docs/product/screens.md). */
export function WelcomePage() {
  const { data: me } = useMe();
  const name = firstName(me?.user.name);

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6 sm:pt-12">
        <div className="text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
            <span className="size-2 rounded-full bg-brand-500" aria-hidden />
            Conta criada com sucesso
          </p>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {name ? `Boas-vindas ao ${PRODUCT_NAME}, ${name}!` : `Boas-vindas ao ${PRODUCT_NAME}!`}
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">
            Falta pouco para a sua IA começar a atender seus clientes no WhatsApp. Veja o que acontece agora:
          </p>
        </div>

        <ol className="mt-10 space-y-4">
          {NEXT_STEPS.map(({ icon: Icon, title, text, time }, index) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <span className="relative flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="size-6" aria-hidden />
                <span
                  aria-hidden
                  className="absolute -top-2 -left-2 flex size-6 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white ring-2 ring-white"
                >
                  {index + 1}
                </span>
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900 sm:text-lg">
                  <span className="sr-only">Passo {index + 1}: </span>
                  {title}
                </h2>
                <p className="mt-1 text-sm leading-relaxed text-slate-600 sm:text-[15px]">{text}</p>
                <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
                  <Clock className="size-3.5 text-brand-600" aria-hidden />
                  {time}
                </p>
              </div>
            </li>
          ))}
        </ol>

        <div className="mt-10 flex flex-col items-center gap-4">
          <Button asChild size="lg" className="w-full bg-brand-700 hover:bg-brand-800 sm:w-auto sm:min-w-64">
            <Link to={paths.onboarding.trainAi.getHref()}>
              Começar agora
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Link
            to={paths.conversations.getHref()}
            className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 underline underline-offset-4 hover:text-slate-900"
          >
            Quero Treinar Minha IA Depois
          </Link>
          <p className="text-center text-xs text-slate-500">Começar é grátis e não pedimos cartão de crédito.</p>
        </div>
      </main>
    </div>
  );
}
