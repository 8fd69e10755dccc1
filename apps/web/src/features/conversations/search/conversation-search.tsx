import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@vendai/contracts';
import { Search, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SearchResults } from './search-results';

const DEBOUNCE_MS = 250;

/**
 * The search box at the top of the conversation column (docs/decisions/040-inbox-search.md): while it
 * holds at least two characters the column shows what was found instead of `children` (the list).
 */
export function ConversationSearch({ selectedId, children }: { selectedId: string | null; children: ReactNode }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const q = text.trim();
    const timer = setTimeout(() => setQuery(q.length >= SEARCH_MIN_LENGTH ? q : ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 border-b border-slate-200 p-2" role="search">
        <label className="relative block">
          <span className="sr-only">Buscar conversas e mensagens</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <input
            type="search"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setText('');
            }}
            placeholder="Buscar nome, telefone ou mensagem"
            className={cn(inputClass, 'h-9 pr-9 pl-9 text-sm [&::-webkit-search-cancel-button]:hidden')}
          />
          {text ? (
            <button
              type="button"
              onClick={() => setText('')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Limpar busca"
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
        </label>
      </div>
      {query ? <SearchResults query={query} selectedId={selectedId} /> : children}
    </div>
  );
}
