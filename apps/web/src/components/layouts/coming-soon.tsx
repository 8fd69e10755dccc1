import { Construction, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** A page whose feature is still being built: says what it will do, and what to do meanwhile. */
export function ComingSoon({ title, description, icon: Icon = Construction, coming, action }: { title: string; description: string; icon?: LucideIcon; coming: string[]; action?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader title={title} description={description} />
      <section className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Em breve nesta página</h2>
        <ul className="mx-auto mt-3 max-w-md space-y-1.5 text-left text-sm text-slate-600">
          {coming.map((c) => (
            <li key={c} className="flex gap-2">
              <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
              {c}
            </li>
          ))}
        </ul>
        {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
      </section>
    </div>
  );
}
