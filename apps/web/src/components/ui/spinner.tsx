import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      <Loader2 className={cn('size-5 animate-spin text-brand-600', className)} aria-hidden />
      {label ? <span>{label}</span> : <span className="sr-only">Carregando</span>}
    </span>
  );
}

/** Full-page wait with words (design: every wait says what it is waiting for). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} className="size-6" />
    </div>
  );
}
