import type { LabelDto } from '@vendai/contracts';
import { cn } from '@/lib/cn';
import { LABEL_COLOR_STYLE } from '../lib/label-colors';

/** A label as a small coloured chip (the row, the chat header, the contact panel). */
export function LabelChip({ label, size = 'sm' }: { label: LabelDto; size?: 'xs' | 'sm' }) {
  const style = LABEL_COLOR_STYLE[label.color];
  return (
    <span
      data-testid="label-chip"
      className={cn(
        'inline-flex max-w-40 min-w-0 shrink-0 items-center gap-1 rounded-full font-medium ring-1 ring-inset',
        size === 'xs' ? 'px-1.5 py-px text-[11px]' : 'px-2 py-0.5 text-xs',
        style.chip,
      )}
    >
      <span aria-hidden className={cn('size-1.5 shrink-0 rounded-full', style.dot)} />
      <span className="truncate">{label.name}</span>
    </span>
  );
}
