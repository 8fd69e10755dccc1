import {
  type Agent,
  APPROVAL_TIMEOUT_MAX,
  APPROVAL_TIMEOUT_MIN,
  type ApprovalTimeoutAction,
  approvalTimeoutSchema,
} from '@vendai/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { useUpdateAgent } from '@/lib/api/update-agent';

const SAVE_FAILED = 'Não foi possível salvar. Tente novamente.';
const ACTIONS: { value: ApprovalTimeoutAction; label: string; hint: string }[] = [
  { value: 'send', label: 'Enviar a sugestão', hint: 'O cliente não fica sem resposta.' },
  { value: 'discard', label: 'Descartar a sugestão', hint: 'Nada chega ao cliente sem você.' },
];

/** The typed minutes as the contract reads them, or its Portuguese message. */
export function parseTimeout(raw: string): { minutes: number } | { error: string } {
  const parsed = approvalTimeoutSchema.safeParse(raw.trim() === '' ? Number.NaN : Number(raw.trim()));
  return parsed.success ? { minutes: parsed.data } : { error: parsed.error.issues[0]!.message };
}

/**
 * 'Aprovação das respostas' on the agent's page (docs/decisions/045-approval-mode.md): 'A IA sugere, eu
 * aprovo' saves at once; the time limit (5–240 min) and what happens when nobody acts are saved with
 * 'Salvar', and what was typed stays in the form when saving fails.
 */
export function ApprovalSettings({ agent }: { agent: Agent }) {
  const update = useUpdateAgent();
  const switchId = useId();
  const minutesId = useId();
  const [minutes, setMinutes] = useState(String(agent.approval_timeout_minutes));
  const [action, setAction] = useState<ApprovalTimeoutAction>(agent.approval_timeout_action);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = minutes.trim() !== String(agent.approval_timeout_minutes) || action !== agent.approval_timeout_action;

  const toggle = (on: boolean) =>
    update.mutate(
      { id: agent.id, approval_mode: on },
      {
        onSuccess: () =>
          toast.success(on ? 'As respostas da IA agora esperam a sua aprovação.' : 'A IA volta a responder direto.'),
        onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : SAVE_FAILED),
      },
    );

  const save = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = parseTimeout(minutes);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    update.mutate(
      { id: agent.id, approval_timeout_minutes: parsed.minutes, approval_timeout_action: action },
      {
        onSuccess: (saved) => {
          setMinutes(String(saved.approval_timeout_minutes));
          toast.success('Prazo da aprovação salvo.');
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields.approval_timeout_minutes : undefined;
          if (field) setError(field);
          else setFailure(err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : SAVE_FAILED);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${switchId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="approval-settings"
    >
      <h3 id={`${switchId}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-4 text-brand-700" aria-hidden />
        Aprovação das respostas
      </h3>
      <div className="mt-3 flex items-start justify-between gap-3">
        <label id={`${switchId}-label`} htmlFor={switchId} className="text-sm font-medium text-slate-800">
          A IA sugere, eu aprovo
        </label>
        <Switch
          id={switchId}
          aria-labelledby={`${switchId}-label`}
          checked={
            update.isPending && update.variables?.approval_mode !== undefined
              ? update.variables.approval_mode
              : agent.approval_mode
          }
          disabled={update.isPending}
          onCheckedChange={toggle}
        />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Cada resposta da IA espera por você: envie, edite ou descarte na conversa, ou responda 1 (enviar) ou 2
        (descartar) ao aviso no seu WhatsApp.
      </p>
      <p className="mt-1 text-xs text-slate-500">Cada conversa pode seguir o agente ou ter a sua própria escolha.</p>

      <form onSubmit={save} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-3">
        <div>
          <label htmlFor={minutesId} className="block text-sm font-medium text-slate-800">
            Prazo para aprovar (minutos)
          </label>
          <input
            id={minutesId}
            type="number"
            inputMode="numeric"
            min={APPROVAL_TIMEOUT_MIN}
            max={APPROVAL_TIMEOUT_MAX}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${minutesId}-error` : `${minutesId}-hint`}
            className="mt-1 block h-10 w-32 rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500"
          />
          {error ? (
            <p id={`${minutesId}-error`} className="mt-1 text-xs text-red-700">
              {error}
            </p>
          ) : (
            <p id={`${minutesId}-hint`} className="mt-1 text-xs text-slate-500">
              Entre {APPROVAL_TIMEOUT_MIN} e {APPROVAL_TIMEOUT_MAX} minutos.
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Se ninguém aprovar a tempo</legend>
          <div className="mt-1.5 space-y-1.5">
            {ACTIONS.map((a) => (
              <label key={a.value} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${switchId}-action`}
                  value={a.value}
                  checked={action === a.value}
                  onChange={() => setAction(a.value)}
                  className="mt-0.5 size-4 accent-brand-700"
                />
                <span>
                  {a.label}
                  <span className="block text-xs text-slate-500">{a.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" size="sm" variant="secondary" disabled={!changed || update.isPending}>
          {update.isPending && update.variables?.approval_timeout_minutes !== undefined ? 'Salvando…' : 'Salvar'}
        </Button>
      </form>
    </section>
  );
}
