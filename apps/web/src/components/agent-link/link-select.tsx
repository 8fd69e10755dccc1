import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useLinkNumberAgent } from '@/lib/api/link-number-agent';

export const LINK_FAILED = 'Erro ao conectar agente. Tente novamente.';

/**
 * A native select plus 'Ligar' (works the same with a mouse, a keyboard and a phone's picker): links
 * the chosen agent to the chosen number. `fixed` is the side already known (an agent or a number).
 */
export function LinkSelect({
  label,
  options,
  toPair,
  onLinked,
  className,
  size = 'md',
}: {
  label: string;
  options: { value: string; label: string }[];
  toPair: (value: string) => { numberId: string; agentId: string };
  onLinked?: () => void;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const id = useId();
  const [value, setValue] = useState(options[0]?.value ?? '');
  const link = useLinkNumberAgent();
  const chosen = options.some((o) => o.value === value) ? value : (options[0]?.value ?? '');
  return (
    <form
      className={cn('flex flex-wrap items-center gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        link.mutate(toPair(chosen), {
          onSuccess: () => {
            toast.success('Agente conectado ao WhatsApp.');
            onLinked?.();
          },
          onError: () => toast.error(LINK_FAILED),
        });
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={chosen}
        onChange={(e) => setValue(e.target.value)}
        className={cn(
          'min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none',
          size === 'sm' ? 'h-8' : 'h-10',
        )}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Button type="submit" size={size} disabled={link.isPending || !chosen}>
        <Link2 aria-hidden /> {link.isPending ? 'Ligando...' : 'Ligar'}
      </Button>
    </form>
  );
}
