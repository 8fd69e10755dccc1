import { Bot, MessageCircleQuestion, Play, QrCode, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { TutorialLesson } from './lessons';

const LOOKS: Record<TutorialLesson['thumbnail'], { icon: LucideIcon; background: string; glow: string }> = {
  connect: { icon: QrCode, background: 'from-brand-600 via-brand-800 to-slate-900', glow: 'bg-brand-200/40' },
  train: {
    icon: MessageCircleQuestion,
    background: 'from-teal-600 via-slate-800 to-slate-900',
    glow: 'bg-teal-200/40',
  },
  automate: { icon: Bot, background: 'from-emerald-700 via-cyan-900 to-slate-900', glow: 'bg-cyan-200/40' },
};

/**
 * A lesson's cover drawn locally (9:16, like a Short): the app runs offline and the CSP only allows
 * images from 'self', so no thumbnail is fetched from YouTube.
 */
export function VideoThumbnail({ video, lesson }: { video: TutorialLesson; lesson: number }) {
  const look = LOOKS[video.thumbnail];
  const Icon = look.icon;
  return (
    <span aria-hidden className={cn('absolute inset-0 flex flex-col bg-gradient-to-b p-4 text-white', look.background)}>
      <span className={cn('pointer-events-none absolute -top-10 -right-10 size-40 rounded-full blur-2xl', look.glow)} />
      <span className="pointer-events-none absolute -bottom-16 -left-10 size-48 rounded-full bg-white/5" />
      <span className="relative flex items-center justify-between text-xs font-semibold">
        <span className="rounded-full bg-white/15 px-2.5 py-1 backdrop-blur">Aula {lesson}</span>
        <span className="rounded-md bg-slate-950/50 px-1.5 py-0.5 tabular-nums">{video.duration}</span>
      </span>
      <span className="relative mt-[18%] flex justify-center">
        <span className="flex size-20 items-center justify-center rounded-3xl bg-white/10 ring-1 ring-white/20 backdrop-blur sm:size-24">
          <Icon className="size-10 text-brand-100 sm:size-12" strokeWidth={1.5} />
        </span>
      </span>
      <span className="relative flex flex-1 items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white text-brand-800 shadow-lg shadow-slate-950/30 transition-transform group-hover:scale-110">
          <Play className="ml-1 size-7 fill-current" />
        </span>
      </span>
      <span className="relative text-lg leading-snug font-bold text-balance">{video.title}</span>
      <span className="relative mt-2 text-xs font-medium text-brand-100">VendAI · mini aula</span>
    </span>
  );
}
