import { instanceDisplayName, type NumberView } from '@vendai/contracts';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUpdateNumberSettings } from '../api/update-number-settings';

const ONE_BALLOON_FAILED = 'Erro ao salvar a opção. Tente novamente.';
/** The trade-off, on the screen beside the switch (docs/decisions/064-cloud-meter-and-one-balloon.md). */
export const ONE_BALLOON_HINT =
  'A Meta cobra cada mensagem entregue pela API oficial: uma mensagem só custa menos, mas soa menos natural que vários balões curtos.';

/** 'Responder numa mensagem só' for a Cloud number; nothing for a QR number (its messages cost nothing). */
export function OneBalloonSwitch({ number, className }: { number: NumberView; className?: string }) {
  const mutation = useUpdateNumberSettings();
  if (number.provider !== 'cloud') return null;
  const checked = (mutation.isPending ? mutation.variables?.oneBalloon : undefined) ?? number.one_balloon;
  const id = `one-balloon-${number.id}`;
  return (
    <div className={cn('mt-2 max-w-64', className)}>
      <label htmlFor={id} className="flex items-center gap-2 text-xs font-medium text-slate-700">
        <input
          id={id}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-600"
          checked={checked}
          disabled={mutation.isPending}
          aria-label={`Responder numa mensagem só em ${instanceDisplayName(number)}`}
          aria-describedby={`${id}-hint`}
          onChange={(e) =>
            mutation.mutate(
              { id: number.id, oneBalloon: e.target.checked },
              {
                onSuccess: (_v, vars) =>
                  toast.success(
                    vars.oneBalloon
                      ? 'A IA passa a responder numa mensagem só neste número.'
                      : 'A IA volta a responder em mensagens curtas neste número.',
                  ),
                onError: (err) =>
                  toast.error(err instanceof ApiError && err.status === 400 ? err.message : ONE_BALLOON_FAILED),
              },
            )
          }
        />
        Responder numa mensagem só
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs leading-snug text-slate-500">
        {ONE_BALLOON_HINT}
      </p>
    </div>
  );
}
