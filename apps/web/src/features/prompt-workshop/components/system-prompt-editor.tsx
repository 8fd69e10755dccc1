import { zodResolver } from '@hookform/resolvers/zod';
import { PROMPT_MAX, promptFormSchema, type Agent, type PromptFormValues } from '@vendai/contracts';
import { Pencil, Save, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUpdateAgent } from '@/lib/api/update-agent';
import { usePublishGate } from '@/components/agent-tests/publish-gate';
import { formatCharCount, formatUpdatedAt } from '../lib/format';
import { EDITOR_MESSAGES } from '../lib/messages';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * The system prompt (docs/product/rules.md#states-and-transitions "Prompt editing"): read-only until 'Editar
 * Manualmente' is confirmed; then edits mark it unsaved, and the Save button shows only while the
 * text differs from the saved one. A manual save is never a training.
 */
export function SystemPromptEditor({
  agent,
  onDirtyChange,
}: {
  agent: Agent;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const update = useUpdateAgent();
  const form = useForm<PromptFormValues>({
    resolver: zodResolver(promptFormSchema),
    defaultValues: { system_prompt: agent.system_prompt },
  });
  const draft = form.watch('system_prompt');
  const dirty = draft !== agent.system_prompt;

  // The saved prompt changed elsewhere (coach acceptance, restore): show it unless there is a draft.
  useEffect(() => {
    if (!form.formState.isDirty || form.getValues('system_prompt') === agent.system_prompt)
      form.reset({ system_prompt: agent.system_prompt });
  }, [agent.system_prompt, form]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const startEditing = () => {
    setConfirmOpen(false);
    setEditing(true);
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  // The gate before publishing (docs/decisions/039-agent-tests.md): the agent's tests on the draft first.
  const gate = usePublishGate(agent.id);
  const save = form.handleSubmit(({ system_prompt }) => {
    if (system_prompt === agent.system_prompt) return;
    gate.check(system_prompt, () => void publish(system_prompt));
  });
  const publish = async (system_prompt: string) => {
    try {
      const saved = await update.mutateAsync({ id: agent.id, system_prompt });
      form.reset({ system_prompt: saved.system_prompt });
      toast.success(EDITOR_MESSAGES.saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        form.setError('system_prompt', { message: err.fields.system_prompt ?? err.message });
      else
        toast.error(
          err instanceof ApiError && err.status !== 0 ? EDITOR_MESSAGES.saveFailed : EDITOR_MESSAGES.saveUnexpected,
        );
    }
  };

  const error = form.formState.errors.system_prompt?.message;
  const { ref, ...field } = form.register('system_prompt');

  return (
    <form
      onSubmit={save}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div>
          <h2 id={`${id}-title`} className="font-semibold text-slate-900">
            Prompt do agente
          </h2>
          <p className="text-xs text-slate-500">
            <span data-testid="prompt-char-count">{formatCharCount(draft.length)}</span>
            <span> / {PROMPT_MAX.toLocaleString('pt-BR')}</span> · Atualizado em{' '}
            <time dateTime={agent.updated_at} data-testid="prompt-updated-at">
              {formatUpdatedAt(agent.updated_at)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {editing && dirty ? (
            <>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
                <span className="size-1.5 rounded-full bg-amber-500" aria-hidden />
                Alterações não salvas
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => form.reset({ system_prompt: agent.system_prompt })}
              >
                <Undo2 aria-hidden />
                Descartar
              </Button>
              <Button type="submit" size="sm" disabled={update.isPending}>
                <Save aria-hidden />
                {update.isPending ? 'Salvando...' : 'Salvar alterações'}
              </Button>
            </>
          ) : null}
          {!editing ? (
            <Button type="button" variant="secondary" size="sm" onClick={() => setConfirmOpen(true)}>
              <Pencil aria-hidden />
              Editar Manualmente
            </Button>
          ) : null}
        </div>
      </div>
      <div className="p-4 sm:p-5">
        <label htmlFor={`${id}-prompt`} className="sr-only">
          Prompt do agente
        </label>
        <textarea
          id={`${id}-prompt`}
          {...field}
          ref={(el) => {
            ref(el);
            textareaRef.current = el;
          }}
          readOnly={!editing}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          spellCheck={editing}
          className={cn(
            'block h-[26rem] w-full resize-y rounded-xl border p-3.5 font-mono text-[13px] leading-relaxed text-slate-800 focus:outline-none focus:ring-2 sm:h-[32rem]',
            editing
              ? 'border-slate-300 bg-white focus:border-brand-600 focus:ring-brand-600/20'
              : 'border-slate-200 bg-slate-50 focus:ring-slate-300/40',
            error && 'border-red-400 focus:border-red-500 focus:ring-red-500/20',
          )}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-600">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            {editing
              ? 'As mudanças só valem para os clientes depois de salvar. Edições manuais não contam como treinamento.'
              : 'Somente leitura. Use "Editar Manualmente" ou peça uma mudança à treinadora de prompt.'}
          </p>
        )}
      </div>

      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Editar o prompt manualmente?"
        description="O prompt é o roteiro que a IA segue em todas as conversas. Você poderá mudar o texto à vontade; nada muda para os clientes até você salvar, e dá para voltar a uma versão anterior quando quiser."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Cancelar
            </Button>
            <Button onClick={startEditing}>Editar prompt</Button>
          </>
        }
      />
      <UnsavedChangesGuard when={editing && dirty} />
      {gate.dialog}
    </form>
  );
}
