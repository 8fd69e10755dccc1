import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CoachMessage } from '../lib/coach-chat';

/** A coach card's 'Aplicar' / 'Descartar' while it waits, then what happened (FAQ entry, catalogue change). */
export function CoachCardActions({
  actions,
  outcome,
  applying,
  appliedText,
  onApply,
  onDiscard,
}: {
  actions: boolean;
  outcome: CoachMessage['outcome'];
  applying: boolean;
  appliedText: string;
  onApply: () => void;
  onDiscard: () => void;
}) {
  if (actions)
    return (
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onApply} disabled={applying}>
          <Check aria-hidden />
          {applying ? 'Aplicando...' : 'Aplicar'}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDiscard} disabled={applying}>
          <X aria-hidden />
          Descartar
        </Button>
      </div>
    );
  if (!outcome) return null;
  return (
    <p className="text-xs font-medium text-slate-500">{outcome === 'applied' ? appliedText : 'Sugestão descartada.'}</p>
  );
}
