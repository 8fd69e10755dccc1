import { defaultKeyboardCoordinateGetter, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

/** Which sides of a sideways-scrolling element have more to see. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, deps: unknown[]) {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setEdges({ left: el.scrollLeft > 4, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 4 });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what changes the content
  }, deps);
  return edges;
}

/**
 * The visible cue that the board goes on sideways (docs/decisions/066-business-facts-in-one-place.md): a
 * fade on the side with more columns and a button that scrolls one screen that way.
 */
export function ScrollCue({
  side,
  target,
  label,
}: {
  side: 'left' | 'right';
  target: RefObject<HTMLElement | null>;
  label: string;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-y-0 z-10 flex w-14 items-center',
        side === 'left'
          ? 'left-0 justify-start bg-gradient-to-r from-slate-50 to-transparent'
          : 'right-0 justify-end bg-gradient-to-l from-slate-50 to-transparent',
      )}
      data-testid={`funnel-scroll-${side}`}
    >
      <button
        type="button"
        aria-label={label}
        title={label}
        className="pointer-events-auto flex size-9 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-md hover:text-brand-800"
        onClick={() => {
          const el = target.current;
          if (el) el.scrollBy({ left: (side === 'left' ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' });
        }}
      >
        <Icon className="size-5" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The keyboard's arrows move a card one whole column left or right (whatever the columns' width), up and
 * down as dnd-kit does by default.
 */
export const columnByColumn: KeyboardCoordinateGetter = (event, args) => {
  const { currentCoordinates, context } = args;
  const rect = context.collisionRect;
  if ((event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') || !rect)
    return defaultKeyboardCoordinateGetter(event, args);
  event.preventDefault();
  const centre = rect.left + rect.width / 2;
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const target =
    event.code === 'ArrowRight'
      ? columns.find((c) => c.left > centre)
      : columns.filter((c) => c.left + c.width < centre).at(-1);
  if (!target) return currentCoordinates;
  return { x: currentCoordinates.x + target.left + target.width / 2 - centre, y: currentCoordinates.y };
};
