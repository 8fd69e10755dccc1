import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TUTORIAL_VIDEOS, type TutorialVideo } from '../content';
import { SECTION_IDS } from '../lib/sections';
import { embedUrl, extractVideoId } from '../lib/video-id';
import { VideoThumbnail } from './video-thumbnail';

/** Three mini lessons; at most one plays at a time (part 1 §4). */
export function TutorialVideos({ videos = TUTORIAL_VIDEOS }: { videos?: readonly TutorialVideo[] }) {
  const [playing, setPlaying] = useState<string | null>(null);
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
          <h2 id="tutoriais-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Aprenda tudo em {videos.length} mini aulas
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Vídeos curtos, direto ao ponto: do QR code à primeira venda feita pela IA.
          </p>
        </div>
        <p className="mt-6 text-center text-sm text-slate-500 sm:hidden">Deslize para o lado para ver todas as aulas.</p>
        <ol className="-mx-4 mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pt-1 pb-4 sm:mx-auto sm:mt-12 sm:grid sm:max-w-4xl sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0 sm:pt-0 sm:pb-0">
          {videos.map((video, index) => (
            <li key={video.slug} className="w-[72%] max-w-72 shrink-0 snap-center sm:w-auto sm:max-w-none">
              <VideoCard
                video={video}
                lesson={index + 1}
                isPlaying={playing === video.slug}
                onPlay={() => setPlaying(video.slug)}
                onClose={() => setPlaying(null)}
              />
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function VideoCard({
  video,
  lesson,
  isPlaying,
  onPlay,
  onClose,
}: {
  video: TutorialVideo;
  lesson: number;
  isPlaying: boolean;
  onPlay: () => void;
  onClose: () => void;
}) {
  const playRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const focusAfterToggle = useRef(false);
  const titleId = `aula-${video.slug}-titulo`;
  const src = embedUrl(extractVideoId(video.videoUrl));

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
              // React drops an empty src, which leaves the player blank when the link has no id.
              src={src || undefined}
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
