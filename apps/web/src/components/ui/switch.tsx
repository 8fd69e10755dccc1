import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@/lib/cn';

type Named = { 'aria-labelledby': string; 'aria-label'?: never } | { 'aria-label': string; 'aria-labelledby'?: never };

/**
 * The app's on/off switch (Radix Switch, role="switch"). Its accessible name is required by the type:
 * the id of the visible text that names it, or a label when nothing visible does, so a screen reader
 * never says only "switch, off".
 */
export function Switch({
  checked,
  onCheckedChange,
  disabled,
  id,
  className,
  ...rest
}: Named & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-describedby'?: string;
}) {
  return (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      {...rest}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-brand-700' : 'bg-slate-300',
        className,
      )}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
}
