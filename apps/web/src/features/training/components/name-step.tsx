import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@vendai/contracts';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FORM_OPTIONS, fieldAria } from '@/lib/form';
import { agentNameFormSchema, type AgentNameForm } from '../lib/step-forms';

/** The agent's name: required, trimmed, at most 50 characters (docs/product/rules.md#validation). */
export function NameStep({
  value,
  onChange,
  onSubmit,
  onBack,
}: {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const id = useId();
  // The name lives in the wizard's state (saved as a draft); the form validates it on submit.
  const { register, handleSubmit, clearErrors, formState } = useForm<AgentNameForm>({
    ...FORM_OPTIONS,
    resolver: zodResolver(agentNameFormSchema),
    defaultValues: { apelido: value },
  });
  const error = formState.errors.apelido?.message;
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);
  const { ref, ...apelido } = register('apelido', {
    onChange: (e: { target: HTMLInputElement }) => {
      onChange(e.target.value);
      clearErrors('apelido');
    },
  });

  const submit = handleSubmit(() => onSubmit());

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <p className="text-sm font-semibold text-brand-800">Última etapa</p>
      <h2 className="mt-2 text-lg font-semibold text-slate-900 sm:text-xl">Como o seu agente vai se chamar?</h2>
      <p className="mt-1.5 text-sm text-slate-600">
        É o nome que a IA usa para se apresentar aos seus clientes, e como ele aparece na sua lista de agentes.
      </p>
      <div className="mt-5">
        <Field
          id={id}
          label="Nome do agente"
          error={error}
          hint={`Ex.: Luna, Assistente da Clínica. Até ${LIMITS.agentNameMax} caracteres.`}
        >
          <Input
            id={id}
            maxLength={LIMITS.agentNameMax + 10}
            autoComplete="off"
            ref={(el) => {
              ref(el);
              input.current = el;
            }}
            {...apelido}
            {...fieldAria(id, error)}
          />
        </Field>
        <p className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
          {value.trim().length}/{LIMITS.agentNameMax}
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Voltar
        </Button>
        <Button type="submit">
          <Sparkles aria-hidden />
          Concluir treinamento
        </Button>
      </div>
    </form>
  );
}
