import { agentNameSchema, LIMITS } from '@vendai/contracts';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The agent's name: required, trimmed, at most 50 characters (part 1 §5). */
export function NameStep({ value, onChange, onSubmit, onBack }: { value: string; onChange: (v: string) => void; onSubmit: () => void; onBack: () => void }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = agentNameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      ref.current?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      <p className="text-sm font-semibold text-brand-800">Última etapa</p>
      <h2 className="mt-2 text-lg font-semibold text-slate-900 sm:text-xl">Como o seu agente vai se chamar?</h2>
      <p className="mt-1.5 text-sm text-slate-600">É o nome que a IA usa para se apresentar aos seus clientes, e como ele aparece na sua lista de agentes.</p>
      <div className="mt-5">
        <Field id={id} label="Nome do agente" error={error ?? undefined} hint={`Ex.: Luna, Assistente da Clínica. Até ${LIMITS.agentNameMax} caracteres.`}>
          <Input
            ref={ref}
            id={id}
            value={value}
            maxLength={LIMITS.agentNameMax + 10}
            autoComplete="off"
            onChange={(e) => {
              onChange(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
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
