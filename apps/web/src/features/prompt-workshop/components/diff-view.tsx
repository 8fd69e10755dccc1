import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { promptDiff } from '../lib/prompt-diff';

/** current vs proposed, line by line: removed in red (−), added in green (+), unchanged context in grey. */
export function DiffView({
  before,
  after,
  className,
  label = 'Diferenças',
}: {
  before: string;
  after: string;
  className?: string;
  label?: string;
}) {
  const diff = useMemo(() => promptDiff(before, after), [before, after]);
  return (
    <figure className={cn('overflow-hidden rounded-lg border border-slate-200 bg-white', className)} aria-label={label}>
      <figcaption className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
        <span className="font-medium text-emerald-700">
          +{diff.added} {diff.added === 1 ? 'linha' : 'linhas'}
        </span>
        <span className="font-medium text-red-700">
          −{diff.removed} {diff.removed === 1 ? 'linha' : 'linhas'}
        </span>
      </figcaption>
      <div className="max-h-72 overflow-auto font-mono text-[12px] leading-5" data-testid="prompt-diff">
        {diff.lines.length === 0 ? <p className="px-3 py-2 text-slate-500">Nenhuma diferença.</p> : null}
        {diff.lines.map((line, i) =>
          line.kind === 'skipped' ? (
            <p key={i} className="bg-slate-50 px-3 py-0.5 text-center text-[11px] text-slate-500 italic">
              … {line.count} {line.count === 1 ? 'linha sem mudança' : 'linhas sem mudança'} …
            </p>
          ) : (
            <p
              key={i}
              data-diff={line.kind}
              className={cn(
                'flex gap-2 px-3 whitespace-pre-wrap [overflow-wrap:anywhere]',
                line.kind === 'added' && 'bg-emerald-50 text-emerald-900',
                line.kind === 'removed' && 'bg-red-50 text-red-900 line-through decoration-red-300',
                line.kind === 'same' && 'text-slate-500',
              )}
            >
              <span aria-hidden className="w-3 shrink-0 select-none text-center">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              <span className="min-w-0 flex-1">
                {line.kind === 'added' ? (
                  <span className="sr-only">Adicionado: </span>
                ) : line.kind === 'removed' ? (
                  <span className="sr-only">Removido: </span>
                ) : null}
                {line.text || ' '}
              </span>
            </p>
          ),
        )}
      </div>
    </figure>
  );
}
