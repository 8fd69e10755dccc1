import { PRODUCT_NAME } from '@vendai/contracts';
import { Bug, CheckCircle2, Clock3, Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const WORKS_TODAY = [
  'Conectar seu WhatsApp pelo QR code (ou pelo simulador, para testar sem celular).',
  'Treinar a IA com 7 perguntas sobre o seu negócio, e mais algumas que ela mesma faz.',
  'A IA responde seus clientes 24 horas por dia, com o tempo de resposta que você escolher.',
  'Acompanhar cada conversa ao vivo e assumir o atendimento quando quiser (IA ou Manual).',
  'Editar as instruções da IA e refazer o treinamento quando o seu negócio mudar.',
  'Ver em Resultados o que a IA fez pelo seu negócio: conversas atendidas, tempo da primeira resposta e os horários de mais movimento.',
];

const COMING = [
  'Conexão pela plataforma oficial do WhatsApp Business (em teste).',
  'Integrações com agenda e meios de pagamento.',
];

/** /mvp (docs/product/screens.md#other-screens): a welcome to early users, what works and what is coming, and the bug form. */
export function MvpPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader
        title={`Bem-vindo ao ${PRODUCT_NAME}, versão inicial`}
        description="Obrigado por chegar cedo! Você está usando a primeira versão do produto: o essencial já funciona, e o resto estamos construindo com a sua ajuda."
      />
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="mvp-hoje" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="mvp-hoje" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CheckCircle2 className="size-5 text-brand-700" aria-hidden /> O que já funciona
          </h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-700">
            {WORKS_TODAY.map((item) => (
              <li key={item} className="flex gap-2">
                <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="mvp-em-breve" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="mvp-em-breve" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Clock3 className="size-5 text-amber-600" aria-hidden /> O que vem por aí
          </h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-700">
            {COMING.map((item) => (
              <li key={item} className="flex gap-2">
                <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="mvp-ajuda" className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-6">
        <h2 id="mvp-ajuda" className="text-lg font-semibold text-slate-900">
          Encontrou algo estranho?
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          Numa versão inicial, alguma coisa pode falhar. Conte para a gente o que você fez e o que aconteceu: cada
          relato vai direto para a equipe e ajuda a corrigir mais rápido.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.feedback.getHref('bug')}>
              <Bug aria-hidden /> Reportar um bug
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.feedback.getHref()}>
              <Lightbulb aria-hidden /> Enviar uma sugestão
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
