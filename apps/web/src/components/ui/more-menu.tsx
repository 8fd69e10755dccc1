import { Check, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { cn } from '@/lib/cn';

/** An item of a menu (Radix DropdownMenu): icon, label, highlighted by pointer or keyboard. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-55 data-[highlighted]:bg-slate-100';

/** A destructive item: red, kept apart from the others by a separator (the caller's). */
export const menuDangerItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-red-700 outline-none data-[highlighted]:bg-red-50';

/** A group's heading inside a menu. */
export const menuLabelClass = 'px-2.5 pt-2 pb-1 text-xs font-semibold text-slate-600';

/** The tick of a checked checkbox or radio item. */
export function MenuTick() {
  return (
    <DropdownMenu.ItemIndicator>
      <Check className="size-4 text-brand-700" aria-hidden />
    </DropdownMenu.ItemIndicator>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />;
}

type DialogRender = (close: () => void) => ReactNode;

const OpenFromMenu = createContext<(render: DialogRender) => void>(() => {});

/**
 * For an item of a MoreMenu that opens a dialog: the dialog is rendered beside the menu, not inside its
 * content (which is gone once the menu closes): `openFromMenu((close) => <MyDialog onClose={close} />)`.
 */
export const useOpenFromMenu = () => useContext(OpenFromMenu);

/**
 * '⋯': the actions that do not earn a place in a crowded header, each with its label. Not modal, so a
 * dialog opened from an item (useOpenFromMenu) takes the focus and the pointer as usual.
 */
export function MoreMenu({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const [dialog, setDialog] = useState<{ render: DialogRender } | null>(null);
  const open = useCallback((render: DialogRender) => setDialog({ render }), []);
  return (
    <OpenFromMenu.Provider value={open}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={label}
          title={label}
          className={cn(
            'inline-flex size-8 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 data-[state=open]:bg-slate-100',
            className,
          )}
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-[75dvh] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            {children}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog?.render(() => setDialog(null))}
    </OpenFromMenu.Provider>
  );
}
