import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Spinner } from '@/components/ui/spinner';
import { TutorialLessons } from '@/components/tutorial/tutorial-lessons';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

/**
 * /tutorial (docs/product/screens.md#other-screens): the same three mini lessons as the landing page, with the same
 * configured video links; lessons without a link show their written step-by-step version.
 */
export function TutorialPage() {
  const config = usePublicConfig();
  const hasVideos = config.data?.tutorialVideoUrls.some((u) => u.trim()) ?? false;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Tutorial"
        description={
          hasVideos
            ? 'Três mini aulas em vídeo, do QR code à primeira venda feita pela IA. Toque em uma aula para assistir aqui mesmo.'
            : 'Três mini aulas, do QR code à primeira venda feita pela IA, com o passo a passo de cada uma.'
        }
      />
      {config.isPending ? (
        <Spinner label="Carregando as aulas..." className="mt-8" />
      ) : (
        <TutorialLessons videoUrls={config.data?.tutorialVideoUrls ?? []} className="mt-8" />
      )}
      <p className="mt-8 flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
        <Lightbulb className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          Ficou alguma dúvida?{' '}
          <Link
            to={paths.feedback.getHref()}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Conte para a gente em Ajude A Melhorar
          </Link>
          .
        </span>
      </p>
    </div>
  );
}
