import type { LabelDto } from '@vendai/contracts';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '@/lib/cn';
import { LABEL_COLOR_STYLE } from '../lib/label-colors';

/** A label menu's items ('Etiquetas' of the chat, the list's filter). */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/** Inside a checkbox or radio item: the label's colour, its name and the tick when chosen. */
export function LabelOption({ label }: { label: LabelDto }) {
  return (
    <>
      <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', LABEL_COLOR_STYLE[label.color].dot)} />
      <span className="min-w-0 flex-1 truncate">{label.name}</span>
      <MenuTick />
    </>
  );
}

export function MenuTick() {
  return (
    <DropdownMenu.ItemIndicator>
      <Check className="size-4 text-brand-700" aria-hidden />
    </DropdownMenu.ItemIndicator>
  );
}
