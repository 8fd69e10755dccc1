import type { LabelDto } from '@vendai/contracts';
import { MenuTick } from '@/components/ui/more-menu';
import { cn } from '@/lib/cn';
import { LABEL_COLOR_STYLE } from '../lib/label-colors';

/** A label menu's items ('Etiquetas' of the chat, the list's filter): the app's menu item. */
export { menuItemClass, MenuTick } from '@/components/ui/more-menu';

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
