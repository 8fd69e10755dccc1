import type { QuickReplyDto } from '@vendai/contracts';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { usePermission } from '@/lib/permissions';
import { ManageQuickReplies } from './manage-quick-replies';

/** The list of matching saved replies above the composer. */
export function QuickReplyMenu({
  items,
  active,
  typed,
  loading,
  onChoose,
  onHover,
}: {
  items: QuickReplyDto[];
  active: number;
  typed: string;
  loading: boolean;
  onChoose: (reply: QuickReplyDto) => void;
  onHover: (index: number) => void;
}) {
  const [managing, setManaging] = useState(false);
  // Writing them is the owner's, or an attendant's the owner allowed (docs/decisions/052-attendant-permissions-and-number-claims.md).
  const manage = usePermission('quickReplies');
  return (
    <div
      className="absolute right-0 bottom-full left-0 mb-2 max-h-64 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg"
      data-testid="quick-reply-menu"
    >
      <p className="flex items-center gap-1.5 border-b border-slate-100 px-3 py-1.5 text-xs font-semibold text-slate-600">
        <Zap className="size-3.5" aria-hidden /> Respostas rápidas
      </p>
      {loading ? <p className="px-3 py-2 text-sm text-slate-600">Carregando...</p> : null}
      {!loading && !items.length ? (
        <p className="px-3 py-2 text-sm text-slate-600">
          {typed ? `Nenhuma resposta rápida começa com /${typed}.` : 'Você ainda não tem respostas rápidas.'}
        </p>
      ) : null}
      <ul role="listbox" aria-label="Respostas rápidas">
        {items.map((r, i) => (
          // An option, not a button inside one (axe: nested-interactive); the keys are the message
          // box's (arrows, Enter, Tab), which keeps the focus.
          <li
            key={r.id}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(r)}
            onMouseEnter={() => onHover(i)}
            className={cn('cursor-pointer px-3 py-2', i === active ? 'bg-brand-50' : 'hover:bg-slate-50')}
          >
            <span className="block text-sm font-semibold text-slate-900">/{r.shortcut}</span>
            <span className="block truncate text-xs text-slate-600">{r.text}</span>
          </li>
        ))}
      </ul>
      {manage.allowed ? (
        <>
          <button
            type="button"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setManaging(true)}
            className="block w-full border-t border-slate-100 px-3 py-2 text-left text-xs font-semibold text-brand-700 hover:bg-slate-50"
          >
            Gerenciar respostas rápidas
          </button>
          <ManageQuickReplies open={managing} onOpenChange={setManaging} />
        </>
      ) : (
        <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600" data-testid="quick-replies-locked">
          {manage.reason}
        </p>
      )}
    </div>
  );
}
