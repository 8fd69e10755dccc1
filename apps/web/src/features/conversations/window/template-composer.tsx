import { Clock, SendHorizonal } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { fillTemplate, type MessageTemplate, type TemplateCategory } from '@vendai/contracts';
import { Button } from '@/components/ui/button';
import { Input, inputClass } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usePermission } from '@/lib/permissions';
import { useSendTemplate, useTemplates } from './window-api';

export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  UTILITY: 'Utilidade',
  MARKETING: 'Marketing',
  AUTHENTICATION: 'Autenticação',
};

/** A date and time the owner reads at a glance: '26/11 às 14:32'. */
export const windowTime = (at: Date) =>
  `${at.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit' })} às ${at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`;

/**
 * In place of the message box on an official-API conversation outside the 24-hour window
 * (docs/decisions/041-cloud-window-and-templates.md): why free text is closed, and the approved
 * templates — pick one, fill its variables, see what the customer will read, send. Also when Meta itself
 * refused free text (#131047, docs/decisions/054-cloud-window-and-templates.md): Meta's clock wins.
 */
export function TemplateComposer({
  convId,
  customerLastAt,
  closedByMeta = false,
  hasDraft,
}: {
  convId: string;
  customerLastAt: Date | null;
  /** Meta refused free text for this conversation (#131047) since the customer last wrote. */
  closedByMeta?: boolean;
  hasDraft: boolean;
}) {
  const templates = useTemplates(convId, true);
  const send = useSendTemplate(convId);
  // Meta charges Marketing ones: the owner's, or an attendant's the owner allowed (decision 052).
  const marketing = usePermission('marketingTemplates');
  const [chosen, setChosen] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [header, setHeader] = useState('');
  const [buttons, setButtons] = useState<string[]>([]);
  const id = useId();
  const list = templates.data?.templates ?? [];
  const template = list.find((t) => key(t) === chosen) ?? null;

  const choose = (k: string) => {
    setChosen(k);
    const t = list.find((x) => key(x) === k);
    setValues(Array.from({ length: t?.variables ?? 0 }, () => ''));
    setHeader('');
    setButtons(Array.from({ length: t ? urlButtons(t).length : 0 }, () => ''));
  };
  const fields = template ? templateFields(template) : null;
  const ready =
    template !== null &&
    values.every((v) => v.trim()) &&
    buttons.every((v) => v.trim()) &&
    (!fields?.header || header.trim() !== '');
  const submit = () => {
    if (!template || !ready || send.isPending) return;
    send.mutate(
      {
        name: template.name,
        language: template.language,
        values,
        buttons,
        ...(fields?.header ? { header: header.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Modelo enviado.');
          setChosen('');
          setValues([]);
          setHeader('');
          setButtons([]);
        },
        onError: (err) => toast.error(err instanceof Error ? err.message : 'Não foi possível enviar o modelo.'),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="template-composer"
      className="max-h-[60vh] shrink-0 overflow-y-auto border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
    >
      <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-semibold">
            Janela de 24 horas fechada
          </h3>
          <p className="text-xs">
            {closedByMeta
              ? 'A Meta recusou a última mensagem livre: para ela, já se passaram mais de 24 horas desde a última mensagem do cliente. '
              : customerLastAt
                ? `O cliente escreveu pela última vez em ${windowTime(customerLastAt)}. `
                : 'O cliente ainda não escreveu para este número. '}
            Pela API oficial do WhatsApp, mensagens livres (suas e da IA) só podem ser enviadas até 24 horas depois da
            última mensagem do cliente. Agora, só um modelo aprovado pela Meta; quando o cliente responder, a conversa
            abre de novo.
            {hasDraft ? ' O texto que você digitou ficou guardado.' : ''}
          </p>
        </div>
      </div>

      {templates.isPending ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Carregando os modelos aprovados…
        </p>
      ) : templates.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {templates.error instanceof Error ? templates.error.message : 'Não foi possível carregar os modelos.'}{' '}
          <Button variant="link" size="sm" className="h-auto" onClick={() => void templates.refetch()}>
            Tentar de novo
          </Button>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Este número ainda não tem modelos aprovados. Crie um no Gerenciador do WhatsApp da Meta e aguarde a aprovação.
        </p>
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}-template`} className="block text-sm font-medium text-slate-700">
              Modelo aprovado
            </label>
            <select
              id={`${id}-template`}
              value={chosen}
              onChange={(e) => choose(e.target.value)}
              className={inputClass}
            >
              <option value="">Escolha um modelo</option>
              {list.map((t) => {
                const locked = t.category === 'MARKETING' && !marketing.allowed;
                return (
                  <option key={key(t)} value={key(t)} disabled={locked}>
                    {t.name} · {CATEGORY_LABELS[t.category]}
                    {locked ? ' (só o dono)' : ''}
                  </option>
                );
              })}
            </select>
            {!marketing.allowed && list.some((t) => t.category === 'MARKETING') ? (
              <p className="text-xs text-slate-600" data-testid="marketing-locked">
                {marketing.reason}
              </p>
            ) : null}
          </div>
          {template ? (
            <>
              {fields && (fields.header || values.length || buttons.length) ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  {fields.header ? (
                    <TemplateField
                      id={`${id}-header`}
                      label={fields.header}
                      value={header}
                      onChange={setHeader}
                      placeholder={template.header?.format === 'TEXT' ? undefined : 'https://'}
                    />
                  ) : null}
                  {values.map((v, i) => (
                    <TemplateField
                      key={i}
                      id={`${id}-var-${i}`}
                      label={fields.body[i]!}
                      value={v}
                      onChange={(text) => setValues((all) => all.map((x, j) => (j === i ? text : x)))}
                    />
                  ))}
                  {buttons.map((v, i) => (
                    <TemplateField
                      key={`b${i}`}
                      id={`${id}-button-${i}`}
                      label={fields.buttons[i]!}
                      value={v}
                      onChange={(text) => setButtons((all) => all.map((x, j) => (j === i ? text : x)))}
                    />
                  ))}
                </div>
              ) : null}
              <div>
                <p className="text-xs font-medium text-slate-700">O cliente vai receber</p>
                <p
                  data-testid="template-preview"
                  className="mt-1 max-w-prose rounded-lg rounded-tr-none bg-emerald-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900"
                >
                  {templatePreview(template, values, header)}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  Categoria {CATEGORY_LABELS[template.category]}: a Meta cobra cada modelo enviado.
                </p>
              </div>
              <div className="flex justify-end">
                <Button type="submit" disabled={!ready || send.isPending}>
                  {send.isPending ? <Spinner className="size-4" /> : <SendHorizonal className="size-4" aria-hidden />}
                  Enviar modelo
                </Button>
              </div>
            </>
          ) : null}
        </form>
      )}
    </section>
  );
}

const key = (t: MessageTemplate) => `${t.name}|${t.language}`;

/** The URL buttons whose link ends with a value to fill. */
const urlButtons = (t: MessageTemplate) => (t.buttons ?? []).filter((b) => b.variable);

const MEDIA_LABELS: Record<string, string> = { IMAGE: 'da imagem', VIDEO: 'do vídeo', DOCUMENT: 'do documento' };

/**
 * The labels of what the owner fills in a template (docs/decisions/054-cloud-window-and-templates.md): the
 * header's variable or its media's link, the body's variables ({{1}} or named ones), each URL button's end.
 */
export function templateFields(t: MessageTemplate): { header: string | null; body: string[]; buttons: string[] } {
  const head = t.header ?? null;
  const header =
    head && head.format !== 'TEXT' && head.format !== 'LOCATION'
      ? `Link ${MEDIA_LABELS[head.format] ?? 'da mídia'} do cabeçalho (https://…)`
      : head?.variable
        ? `Cabeçalho: {{${head.variable}}}`
        : null;
  const named = t.parameterFormat === 'NAMED' && (t.bodyNames ?? []).length === t.variables;
  const body = Array.from({ length: t.variables }, (_, i) =>
    named ? `Campo {{${t.bodyNames[i]}}}` : `Variável {{${i + 1}}}`,
  );
  const buttons = urlButtons(t).map((b) => `Botão "${b.text}": final do link`);
  return { header, body, buttons };
}

/** What the customer will read: the header's text (when it is text) and the body, with what is filled so far. */
export function templatePreview(t: MessageTemplate, values: readonly string[], header: string): string {
  const names = t.parameterFormat === 'NAMED' ? (t.bodyNames ?? []) : [];
  const shown = values.map((v, i) => v.trim() || `{{${names[i] ?? i + 1}}}`);
  const body = fillTemplate(t.body, shown, names);
  const headText = t.header?.format === 'TEXT' ? t.header.text : null;
  if (!headText) return body;
  return `${header.trim() ? headText.replace(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/, header.trim()) : headText}\n${body}`;
}

function TemplateField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        maxLength={1024}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="h-10"
      />
    </div>
  );
}
