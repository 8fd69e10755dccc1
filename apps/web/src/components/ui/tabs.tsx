import type { LucideIcon } from 'lucide-react';
import { Tabs as RadixTabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  icon?: LucideIcon;
  content: ReactNode;
}

/**
 * Tabs (Radix: role="tablist"/"tab"/"tabpanel", arrow keys, Home/End) for one page's parts. The value is
 * controlled by the page (a URL search parameter, so a link can open a tab). A panel mounts the first
 * time it is shown and then stays mounted, hidden, so what was typed in it survives a switch.
 */
export function Tabs<V extends string>({
  label,
  value,
  onValueChange,
  items,
  className,
}: {
  /** The tab list's accessible name. */
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  items: TabItem<V>[];
  className?: string;
}) {
  const [seen, setSeen] = useState<ReadonlySet<V>>(() => new Set([value]));
  if (!seen.has(value)) setSeen(new Set([...seen, value]));
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as V)} className={className}>
      <RadixTabs.List
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
      >
        {items.map(({ value: v, label: text, icon: Icon }) => (
          <RadixTabs.Trigger
            key={v}
            value={v}
            className={cn(
              '-mb-px inline-flex h-11 shrink-0 items-center gap-2 rounded-t-lg border-b-2 border-transparent px-2.5 text-sm sm:px-3 font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset',
              'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
            )}
          >
            {Icon ? <Icon className="hidden size-4 sm:block" aria-hidden /> : null}
            {text}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map(({ value: v, content }) =>
        seen.has(v) ? (
          <RadixTabs.Content
            key={v}
            value={v}
            forceMount
            hidden={v !== value}
            className="pt-6 focus-visible:outline-none"
          >
            {content}
          </RadixTabs.Content>
        ) : null,
      )}
    </RadixTabs.Root>
  );
}
