import type { MovedFactTextDto } from '@vendai/contracts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useDismissMovedTexts } from '../api/settings';

const TOPIC: Record<MovedFactTextDto['topic'], string> = {
  hours: 'Horário',
  address: 'Endereço',
  payment: 'Formas de pagamento',
  delivery: 'Áreas de entrega',
};
const FROM: Record<MovedFactTextDto['from'], string> = { faq: 'Conhecimento', training: 'Treinamento' };

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * The older texts about the same facts that the move to one place found in Conhecimento and in the training
 * (docs/decisions/066-business-facts-in-one-place.md) and did not keep: shown here, so nothing the owner typed
 * is lost, until they dismiss the list. The AI no longer reads them.
 */
export function MovedTexts({ texts }: { texts: MovedFactTextDto[] }) {
  const dismiss = useDismissMovedTexts();
  if (texts.length === 0) return null;
  return (
    <details className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="moved-texts">
      <summary className="cursor-pointer text-sm font-semibold text-amber-900">
        {texts.length === 1 ? '1 texto antigo sobre estes dados' : `${texts.length} textos antigos sobre estes dados`}
      </summary>
      <p className="mt-2 text-sm text-amber-900">
        Estavam no Conhecimento ou no treinamento. A IA usa só os campos acima: copie o que ainda valer e dispense a
        lista.
      </p>
      <ul className="mt-3 space-y-3">
        {texts.map((t, i) => (
          <li key={`${t.at}-${i}`} className="rounded-lg border border-amber-100 bg-white p-3 text-sm">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {TOPIC[t.topic]} · {FROM[t.from]} · {dateOf(t.at)}
            </p>
            <p className="mt-1 font-medium text-slate-800">{t.question}</p>
            <p className="mt-1 whitespace-pre-wrap text-slate-700">{t.answer}</p>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(undefined, {
            onSuccess: () => toast.success('Textos antigos dispensados.'),
            onError: (err) => toast.error(err.message),
          })
        }
      >
        Dispensar textos antigos
      </Button>
    </details>
  );
}
