import { AI_AUDIENCE_LABELS, AI_AUDIENCES, type AiAudience } from '@vendai/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUpdateNumberSettings } from '../api/update-number-settings';
import { AUDIENCE_HINT } from './audience-select';

const AUDIENCE_SAVE_FAILED = 'Não foi possível salvar. Você pode mudar isso depois na lista de WhatsApp’s.';

/** Offered once, right after the QR connects a new number: whom the AI answers on it (decision 015). */
export function AudienceChoice({ numberId, onInteract }: { numberId: string; onInteract: () => void }) {
  const navigate = useNavigate();
  const mutation = useUpdateNumberSettings();
  const choose = (aiAudience: AiAudience) => {
    const done = () => void navigate(paths.conversations.getHref());
    if (aiAudience === 'all') return done(); // the default: nothing to save
    mutation.mutate(
      { id: numberId, aiAudience },
      { onSuccess: done, onError: () => (toast.error(AUDIENCE_SAVE_FAILED), done()) },
    );
  };
  return (
    <fieldset className="w-full space-y-2 text-left" onPointerDownCapture={onInteract} onFocusCapture={onInteract}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">A IA responde:</legend>
      {AI_AUDIENCES.map((a) => (
        <Button
          key={a}
          variant={a === 'all' ? 'primary' : 'secondary'}
          className="h-auto w-full flex-col items-start gap-0.5 py-2 text-left whitespace-normal"
          disabled={mutation.isPending}
          onClick={() => choose(a)}
        >
          <span className="font-semibold">{AI_AUDIENCE_LABELS[a]}</span>
          <span className="text-xs font-normal opacity-90">{AUDIENCE_HINT[a]}</span>
        </Button>
      ))}
      <p className="text-xs text-slate-500">
        Sem escolha, a IA responde a todos. Você pode mudar isso a qualquer momento na lista de WhatsApp&apos;s.
      </p>
    </fieldset>
  );
}
