import type { CampaignTemplateDto } from '@vendai/contracts';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCampaignTemplates, useSubmitTemplate } from '../api/campaigns';

const CATEGORY_LABELS: Record<string, string> = {
  MARKETING: 'marketing',
  UTILITY: 'utilidade',
  AUTHENTICATION: 'autenticação',
};
export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c.toLowerCase();

/**
 * A Cloud campaign's template (docs/decisions/075-template-submission.md): the text the owner wrote goes to
 * Meta as a marketing template ({nome} and {ultimo_item} become Meta's variables), with an optional footer
 * and the 'Parar de receber' button; its review is shown live — in analysis, approved, or refused with the
 * reason and what to change — and the campaign goes on only with an approved one.
 */
export function TemplateEditor({
  numberId,
  name,
  text,
  chosen,
  onChosen,
}: {
  numberId: string;
  name: string;
  text: string;
  chosen: CampaignTemplateDto | null;
  onChosen: (t: CampaignTemplateDto | null) => void;
}) {
  const id = useId();
  const [footer, setFooter] = useState('');
  const [stopButton, setStopButton] = useState(true);
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  const list = useCampaignTemplates(numberId);
  const submit = useSubmitTemplate();
  const current = (list.data ?? []).find((t) => t.id === (submittedId ?? chosen?.id)) ?? null;
  const changed = current !== null && current.text !== text.trim();
  // The campaign goes on with the template once Meta approved it, and the text the owner sees is its text.
  const usable = current && current.status === 'APPROVED' && !changed ? current : null;
  useEffect(() => {
    if ((usable?.id ?? null) !== (chosen?.id ?? null)) onChosen(usable);
  }, [usable, chosen, onChosen]);

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="template-editor">
      <p className="text-sm text-slate-700">
        Na API oficial, a mensagem vai como um <strong>modelo de marketing</strong> que a Meta precisa aprovar antes do
        envio (costuma levar de minutos a algumas horas).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-footer`} label="Rodapé (opcional)" hint="Até 60 caracteres, sem campos do cliente.">
          <Input id={`${id}-footer`} value={footer} maxLength={60} onChange={(e) => setFooter(e.target.value)} />
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={stopButton} onChange={(e) => setStopButton(e.target.checked)} />
          Botão “Parar de receber”
        </label>
      </div>
      <Button
        type="button"
        variant="secondary"
        disabled={submit.isPending || !name.trim() || !text.trim() || (current !== null && !changed)}
        onClick={() =>
          submit.mutate(
            { numberId, name, text, footer: footer.trim() || null, stopButton },
            { onSuccess: (t) => setSubmittedId(t.id) },
          )
        }
      >
        <Send aria-hidden />
        Enviar para aprovação da Meta
      </Button>
      {submit.error ? <Alert tone="error">{submit.error.message}</Alert> : null}
      {current ? <TemplateStatus t={current} changed={changed} /> : null}
    </div>
  );
}

function TemplateStatus({ t, changed }: { t: CampaignTemplateDto; changed: boolean }) {
  const tone =
    t.status === 'APPROVED'
      ? 'bg-emerald-50 text-emerald-800'
      : t.status === 'PENDING'
        ? 'bg-slate-100 text-slate-700'
        : 'bg-red-50 text-red-700';
  return (
    <div className="space-y-2" data-testid="template-status" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Modelo <span className="font-mono text-xs break-all">{t.name}</span>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', tone)}>{t.statusLabel}</span>
      </p>
      {t.status === 'PENDING' ? (
        <p className="text-xs text-slate-600">A página se atualiza sozinha quando a Meta responder.</p>
      ) : null}
      {t.previousCategory && t.previousCategory !== t.category ? (
        <Alert tone="warning">
          A Meta mudou a categoria do modelo de {categoryLabel(t.previousCategory)} para {categoryLabel(t.category)}. O
          preço de cada envio segue a nova categoria.
        </Alert>
      ) : null}
      {t.reasonText ? <Alert tone="error">{t.reasonText}</Alert> : null}
      {changed ? (
        <p className="text-xs text-slate-600">
          Você mudou o texto depois de enviar: envie de novo para a Meta aprovar o texto novo.
        </p>
      ) : null}
    </div>
  );
}
