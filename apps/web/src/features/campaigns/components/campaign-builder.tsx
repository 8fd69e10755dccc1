import type { CampaignAudienceInput, CampaignTemplateDto, NumberView } from '@vendai/contracts';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { AudienceCount, ChipFilter, CostSummary, MoreFilters, Toggle } from './audience-count';
import { TemplateEditor } from './template-editor';
import { useAudienceOptions, useAudiencePreview, useCreateCampaign, useSuggestText } from '../api/campaigns';

const STEPS = ['Público', 'Mensagem', 'Resumo e envio'] as const;

/**
 * The guided builder (docs/decisions/072-campaigns.md): the audience with its live count and exclusions,
 * the message (the AI can suggest it), then the summary — who receives it, who does not and why, the cost
 * in reais before 'Enviar' (Cloud), the QR track's warning — and send now or at a time, once or monthly.
 */
export function CampaignBuilder({ numbers, onDone }: { numbers: NumberView[]; onDone: () => void }) {
  const id = useId();
  const [step, setStep] = useState(0);
  const [numberId, setNumberId] = useState(numbers[0]?.id ?? '');
  const [audience, setAudience] = useState<Required<CampaignAudienceInput>>({
    labelIds: [],
    stageIds: [],
    purchase: null,
    silentDays: null,
    fromAd: false,
    booking: null,
  });
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [goal, setGoal] = useState('');
  const [template, setTemplate] = useState<CampaignTemplateDto | null>(null);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [monthly, setMonthly] = useState(false);
  const options = useAudienceOptions();
  const preview = useAudiencePreview(numberId || null, audience);
  const suggest = useSuggestText();
  const create = useCreateCampaign();
  const p = preview.data;
  const cloud = numbers.find((n) => n.id === numberId)?.provider === 'cloud';

  const audienceStep = (
    <div className="space-y-5">
      <Field id={`${id}-number`} label="Enviar pelo WhatsApp">
        <select
          id={`${id}-number`}
          className={inputClass}
          value={numberId}
          onChange={(e) => setNumberId(e.target.value)}
        >
          {numbers.map((n) => (
            <option key={n.id} value={n.id}>
              {n.apelido || n.phone} · {n.provider === 'cloud' ? 'API oficial' : 'QR Code'}
            </option>
          ))}
        </select>
      </Field>
      <ChipFilter
        legend="Com a etiqueta"
        options={options.labels}
        chosen={audience.labelIds}
        onChange={(labelIds) => setAudience({ ...audience, labelIds })}
      />
      <ChipFilter
        legend="Na etapa do funil"
        options={options.stages}
        chosen={audience.stageIds}
        onChange={(stageIds) => setAudience({ ...audience, stageIds })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-purchase`} label="Compras">
          <select
            id={`${id}-purchase`}
            className={inputClass}
            value={audience.purchase ? `${audience.purchase.mode}:${audience.purchase.days}` : ''}
            onChange={(e) => {
              const [mode, days] = e.target.value.split(':');
              setAudience({
                ...audience,
                purchase: mode ? { mode: mode as 'bought' | 'not_bought', days: Number(days) } : null,
              });
            }}
          >
            <option value="">Qualquer cliente</option>
            <option value="bought:90">Comprou nos últimos 90 dias</option>
            <option value="bought:30">Comprou nos últimos 30 dias</option>
            <option value="not_bought:90">Não comprou nos últimos 90 dias</option>
            <option value="not_bought:30">Não comprou nos últimos 30 dias</option>
          </select>
        </Field>
        <Field id={`${id}-silent`} label="Última mensagem há mais de (dias)" hint="Vazio: qualquer data.">
          <Input
            id={`${id}-silent`}
            type="number"
            min={1}
            max={730}
            inputMode="numeric"
            value={audience.silentDays ?? ''}
            onChange={(e) => setAudience({ ...audience, silentDays: e.target.value ? Number(e.target.value) : null })}
          />
        </Field>
      </div>
      <MoreFilters audience={audience} onChange={setAudience} />
      <AudienceCount preview={p} loading={preview.isFetching} error={preview.error?.message} />
    </div>
  );

  const messageStep = (
    <div className="space-y-5">
      <Field id={`${id}-name`} label="Nome da campanha (só você vê)">
        <Input id={`${id}-name`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      </Field>
      <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
        <label htmlFor={`${id}-goal`} className="block text-sm font-medium text-slate-700">
          Quer ajuda da IA? Diga o objetivo
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-goal`}
            placeholder="ex.: o bolo de pote voltou com sabor novo"
            value={goal}
            onChange={(e) => setGoal(e.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={suggest.isPending || goal.trim().length < 3}
            onClick={() => suggest.mutate(goal, { onSuccess: (r) => setText(r.text) })}
          >
            <Sparkles aria-hidden />
            Sugerir com IA
          </Button>
        </div>
        {suggest.error ? (
          <p role="alert" className="text-sm text-red-700">
            {suggest.error.message}
          </p>
        ) : null}
      </div>
      <Field
        id={`${id}-text`}
        label="Mensagem"
        hint={
          cloud
            ? 'Use {nome} para o primeiro nome e {ultimo_item} para o último item comprado (a Meta não aceita um campo no começo ou no fim do texto).'
            : 'Use {nome} para o primeiro nome e {ultimo_item} para o último item comprado. No QR Code, a IA varia o texto para cada cliente, sem mudar preços nem datas.'
        }
      >
        <textarea
          id={`${id}-text`}
          className={cn(inputClass, 'h-32 py-2')}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {cloud ? (
        <TemplateEditor numberId={numberId} name={name} text={text} chosen={template} onChosen={setTemplate} />
      ) : null}
    </div>
  );

  const summaryStep = (
    <div className="space-y-5">
      <AudienceCount preview={p} loading={preview.isFetching} error={preview.error?.message} />
      {p ? <CostSummary preview={p} /> : null}
      {p?.warning ? <Alert tone="warning">{p.warning}</Alert> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Quando</legend>
        <div className="flex flex-wrap gap-2">
          <Toggle on={when === 'now'} onClick={() => setWhen('now')}>
            Enviar agora
          </Toggle>
          <Toggle on={when === 'later'} onClick={() => setWhen('later')}>
            Agendar
          </Toggle>
        </div>
        {when === 'later' ? (
          <Field id={`${id}-at`} label="Data e hora">
            <Input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          </Field>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={monthly} onChange={(e) => setMonthly(e.target.checked)} />
          Repetir todo mês (reativação mensal)
        </label>
      </fieldset>
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
    </div>
  );

  const canNext =
    step === 0
      ? Boolean(p && p.eligible > 0)
      : step === 1
        ? name.trim() && text.trim() && (!cloud || template !== null)
        : true;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Nova campanha
      </h2>
      <ol className="mt-3 mb-5 flex flex-wrap gap-2 text-sm" aria-label="Etapas">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? 'step' : undefined}
            className={cn(
              'rounded-full px-3 py-1',
              i === step
                ? 'bg-brand-700 text-white'
                : i < step
                  ? 'bg-brand-50 text-brand-800'
                  : 'bg-slate-100 text-slate-600',
            )}
          >
            {i + 1}. {s}
          </li>
        ))}
      </ol>
      {step === 0 ? audienceStep : step === 1 ? messageStep : summaryStep}
      <div className="mt-6 flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={() => (step === 0 ? onDone() : setStep(step - 1))}>
          {step === 0 ? 'Cancelar' : 'Voltar'}
        </Button>
        {step < 2 ? (
          <Button disabled={!canNext} onClick={() => setStep(step + 1)}>
            Continuar
          </Button>
        ) : (
          <Button
            disabled={create.isPending || !p || p.eligible === 0 || (when === 'later' && !at)}
            onClick={() =>
              create.mutate(
                {
                  name,
                  numberId,
                  audience,
                  text,
                  template: cloud && template ? { name: template.name, language: template.language } : null,
                  scheduledAt: when === 'later' && at ? new Date(at).toISOString() : null,
                  recurrence: monthly ? 'monthly' : 'none',
                },
                { onSuccess: onDone },
              )
            }
          >
            {when === 'later' ? 'Agendar campanha' : 'Enviar'}
          </Button>
        )}
      </div>
    </section>
  );
}
