import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { StepIllustration } from '@/components/illustrations/step-illustration';
import { cn } from '@/lib/cn';
import { TUTORIAL_LESSONS, type TutorialLesson } from './lessons';
import { embedUrl, extractVideoId } from './video-id';
import { VideoThumbnail } from './video-thumbnail';

/**
 * The three mini lessons (landing page and /tutorial). A lesson with a usable video link shows its
 * local thumbnail, and clicking it plays the video inline; at most one plays at a time and 'Fechar
 * vídeo' returns to the thumbnail (docs/product/rules.md#states-and-transitions). A lesson without a link shows its written version.
 */
export function TutorialLessons({
  videoUrls,
  lessons = TUTORIAL_LESSONS,
  className,
}: {
  /** One link per lesson, '' for none (GET /api/config → tutorialVideoUrls). */
  videoUrls: readonly string[];
  lessons?: readonly TutorialLesson[];
  className?: string;
}) {
  const [playing, setPlaying] = useState<string | null>(null);
  const videoIds = lessons.map((_, i) => extractVideoId(videoUrls[i] ?? ''));
  const anyVideo = videoIds.some(Boolean);
  return (
    <div className={className}>
      {anyVideo ? (
        <p className="mb-4 text-center text-sm text-slate-500 sm:hidden">
          Deslize para o lado para ver todas as aulas.
        </p>
      ) : null}
      <ol
        className={cn(
          anyVideo
            ? '-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pt-1 pb-4 sm:mx-auto sm:grid sm:max-w-4xl sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0 sm:pt-0 sm:pb-0'
            : 'grid gap-4 md:grid-cols-3 md:gap-6',
        )}
      >
        {lessons.map((lesson, index) => (
          <li
            key={lesson.slug}
            className={cn(anyVideo && 'w-[72%] max-w-72 shrink-0 snap-center sm:w-auto sm:max-w-none')}
          >
            {videoIds[index] ? (
              <VideoCard
                video={lesson}
                lesson={index + 1}
                src={embedUrl(videoIds[index])}
                isPlaying={playing === lesson.slug}
                onPlay={() => setPlaying(lesson.slug)}
                onClose={() => setPlaying(null)}
              />
            ) : (
              <WrittenLesson lesson={lesson} number={index + 1} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The step-by-step version of a lesson, with its drawing. */
function WrittenLesson({ lesson, number }: { lesson: TutorialLesson; number: number }) {
  const titleId = `aula-${lesson.slug}-titulo`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm"
    >
      <StepIllustration image={lesson.image} />
      <p className="mt-4 text-xs font-semibold tracking-wide text-brand-700 uppercase">Aula {number} · passo a passo</p>
      <h3 id={titleId} className="mt-1 text-lg leading-snug font-bold text-slate-900">
        {lesson.title}
      </h3>
      <ol className="mt-3 space-y-2.5 text-sm text-slate-700">
        {lesson.steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
              aria-hidden
            >
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}

function VideoCard({
  video,
  lesson,
  src,
  isPlaying,
  onPlay,
  onClose,
}: {
  video: TutorialLesson;
  lesson: number;
  src: string;
  isPlaying: boolean;
  onPlay: () => void;
  onClose: () => void;
}) {
  const playRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const focusAfterToggle = useRef(false);
  const titleId = `aula-${video.slug}-titulo`;

  // Keyboard users stay in place: the close button after opening, the thumbnail after closing.
  useEffect(() => {
    if (!focusAfterToggle.current) return;
    focusAfterToggle.current = false;
    (isPlaying ? closeRef : playRef).current?.focus();
  }, [isPlaying]);

  return (
    <article aria-labelledby={titleId} className="relative">
      {/* The thumbnail covers its button, so the focus ring is drawn on this frame instead. */}
      <div className="relative aspect-[9/16] overflow-hidden rounded-2xl bg-slate-900 shadow-lg shadow-slate-900/10 has-[[data-thumbnail]:focus-visible]:outline-[3px] has-[[data-thumbnail]:focus-visible]:outline-offset-2 has-[[data-thumbnail]:focus-visible]:outline-brand-700">
        {isPlaying ? (
          <>
            <iframe
              src={src}
              title={`Aula ${lesson}: ${video.title}`}
              className="absolute inset-0 size-full bg-slate-900"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
            <button
              ref={closeRef}
              type="button"
              onClick={() => {
                focusAfterToggle.current = true;
                onClose();
              }}
              aria-label="Fechar vídeo"
              className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-full bg-slate-950/75 text-white shadow hover:bg-slate-950 focus-visible:outline-white"
            >
              <X className="size-5" aria-hidden />
            </button>
          </>
        ) : (
          <button
            ref={playRef}
            type="button"
            onClick={() => {
              focusAfterToggle.current = true;
              onPlay();
            }}
            aria-label={`Assistir à aula ${lesson}: ${video.title} (${video.duration})`}
            data-thumbnail
            className="group absolute inset-0 size-full cursor-pointer rounded-2xl text-left focus-visible:outline-none"
          >
            <VideoThumbnail video={video} lesson={lesson} />
          </button>
        )}
      </div>
      <h3 id={titleId} className="sr-only">
        Aula {lesson}: {video.title}
      </h3>
      <p className="mt-3 px-1 text-sm leading-relaxed text-slate-600">{video.description}</p>
    </article>
  );
}
