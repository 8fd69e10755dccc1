import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/20';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
