import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const shown = (iso: string) => iso.split('-').reverse().join('/');

/** The owner's own closed days (decision 019); national holidays are closed anyway. */
export function ClosedDaysEditor({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!draft) return;
    onChange([...new Set([...value, draft])].sort());
    setDraft('');
  };
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id="closedDay"
          type="date"
          className="max-w-48"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-label="Dia fechado"
        />
        <Button type="button" variant="secondary" onClick={add} disabled={!draft}>
          Adicionar
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-testid="closed-days">
          {value.map((d) => (
            <li
              key={d}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800"
            >
              {shown(d)}
              <button
                type="button"
                className="rounded-full px-2 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                aria-label={`Remover ${shown(d)}`}
                onClick={() => onChange(value.filter((x) => x !== d))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
