import { TUTORIAL_LESSON_COUNT } from '@vendai/contracts/constants';
import { TutorialLessons } from '@/components/tutorial/tutorial-lessons';
import { usePublicConfig } from '@/lib/public-config';
import { SECTION_IDS } from '../lib/sections';

/** The landing's three mini lessons (docs/product/screens.md): the same lessons and links as /tutorial. */
export function TutorialVideos() {
  const config = usePublicConfig();
  return (
    <section
      id={SECTION_IDS.tutorials}
      aria-labelledby="tutoriais-title"
      tabIndex={-1}
      className="scroll-mt-16 bg-white py-16 focus:outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Tutoriais rápidos</p>
          <h2
            id="tutoriais-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Aprenda tudo em {TUTORIAL_LESSON_COUNT} mini aulas
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Curtas e direto ao ponto: do QR code à primeira venda feita pela IA.
          </p>
        </div>
        {config.isPending ? (
          <div className="mt-12 h-96" aria-busy="true" aria-label="Carregando aulas" />
        ) : (
          <TutorialLessons videoUrls={config.data?.tutorialVideoUrls ?? []} className="mt-8 sm:mt-12" />
        )}
      </div>
    </section>
  );
}
