import type { Agent } from '@vendai/contracts';
import {
  DEFAULT_FOLLOW_UP_GAPS,
  FOLLOW_UP_GAP_CHOICES,
  FOLLOW_UP_MAX_TOUCHES,
  type FollowUpSettings as Settings,
} from '@vendai/contracts/follow-ups';
import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useFollowUpSettings, useSaveFollowUpSettings } from '../api/follow-up-settings';
import { gapLabel } from '../lib/follow-up-format';

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50';

/**
 * 'Acompanhamento' (docs/decisions/037-follow-ups.md): when a customer who wrote first goes quiet after
 * the AI's answer, the AI follows up at most these times, inside the business hours. Saves at once.
 */
export function FollowUpSettings({ agent }: { agent: Agent }) {
  const settings = useFollowUpSettings(agent.id);
  const save = useSaveFollowUpSettings(agent.id);
  const switchId = useId();

  if (settings.isPending)
    return <div className="h-40 animate-pulse rounded-2xl bg-slate-100" aria-busy="true" aria-label="Carregando" />;
  if (settings.isError)
    return (
      <section className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" role="alert">
        Não foi possível carregar o acompanhamento.{' '}
        <Button variant="link" size="sm" onClick={() => void settings.refetch()}>
          Tentar novamente
        </Button>
      </section>
    );

  const current = settings.data;
  const change = (next: Partial<Settings>, done: string) =>
    save.mutate(
      { ...current, ...next },
      {
        onSuccess: () => toast.success(done),
        onError: () => toast.error('Não foi possível salvar. Tente novamente.'),
      },
    );
  const setGap = (index: number, minutes: number) =>
    change({ gapsMinutes: current.gapsMinutes.map((g, i) => (i === index ? minutes : g)) }, 'Intervalo salvo.');
  const setTouches = (count: number) =>
    change(
      {
        gapsMinutes: Array.from({ length: count }, (_, i) => current.gapsMinutes[i] ?? DEFAULT_FOLLOW_UP_GAPS[i]!),
      },
      'Acompanhamento salvo.',
    );

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="follow-up-settings"
    >
      <div className="flex items-start justify-between gap-3">
        <label
          id={`${switchId}-label`}
          htmlFor={switchId}
          className="flex items-center gap-2 font-semibold text-slate-900"
        >
          <BellRing className="size-4 text-brand-700" aria-hidden />
          Acompanhamento
        </label>
        <Switch
          id={switchId}
          aria-labelledby={`${switchId}-label`}
          checked={current.enabled}
          disabled={save.isPending}
          onCheckedChange={(enabled) =>
            change({ enabled }, enabled ? 'Acompanhamento ligado.' : 'Acompanhamento desligado.')
          }
        />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Quando um cliente que puxou conversa para de responder depois da IA, ela manda uma mensagem curta lembrando do
        que ele queria.
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Só no horário da empresa; nunca para grupos, quem pediu para sair ou conversas no Manual; para assim que o
        cliente responde.
      </p>
      {current.enabled ? (
        <div className="mt-3 space-y-3">
          <label className="block text-sm font-medium text-slate-800">
            Quantas mensagens no máximo
            <select
              className={`${selectClass} mt-1`}
              value={current.gapsMinutes.length}
              disabled={save.isPending}
              onChange={(e) => setTouches(Number(e.target.value))}
            >
              {Array.from({ length: FOLLOW_UP_MAX_TOUCHES }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 mensagem' : `${n} mensagens`}
                </option>
              ))}
            </select>
          </label>
          {current.gapsMinutes.map((gap, index) => (
            <label key={index} className="block text-sm font-medium text-slate-800">
              {index === 0 ? '1ª mensagem depois de' : `${index + 1}ª mensagem, depois da anterior, em`}
              <select
                className={`${selectClass} mt-1`}
                value={gap}
                disabled={save.isPending}
                onChange={(e) => setGap(index, Number(e.target.value))}
              >
                {FOLLOW_UP_GAP_CHOICES.map((m) => (
                  <option key={m} value={m}>
                    {gapLabel(m)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <p className="text-xs text-slate-500">
            No máximo {current.numberDailyCap} acompanhamentos por número a cada dia, para proteger o seu WhatsApp.
          </p>
        </div>
      ) : null}
    </section>
  );
}
