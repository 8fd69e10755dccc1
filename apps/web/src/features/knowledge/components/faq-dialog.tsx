import { asksForABusinessFact, type Faq, faqInputSchema } from '@vendai/contracts';
import { Link } from 'react-router';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { useSaveFaq } from '../api/knowledge';

/** Add or edit a FAQ entry (saving a proposed entry accepts it). */
export function FaqDialog({ faq, onOpenChange }: { faq: Faq | null; onOpenChange: (open: boolean) => void }) {
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useSaveFaq();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = faqInputSchema.safeParse({ question, answer });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: faq?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(
            faq?.status === 'proposed' ? 'Pergunta aceita.' : faq ? 'Pergunta salva.' : 'Pergunta adicionada.',
          );
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setErrors({ ...err.fields });
          else toast.error(err.message);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={faq?.status === 'proposed' ? 'Revisar sugestão' : faq ? 'Editar pergunta' : 'Nova pergunta frequente'}
      description="Escreva como o cliente pergunta e a sua resposta. A IA usa a resposta quando alguém perguntar algo parecido."
    >
      <form id="faq-form" onSubmit={submit} className="mt-5 space-y-4" noValidate>
        <Field id="faq-question" label="Pergunta do cliente" error={errors.question}>
          <Input
            id="faq-question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            aria-invalid={Boolean(errors.question)}
            placeholder="Ex.: Vocês fazem entrega?"
            autoFocus
          />
        </Field>
        {asksForABusinessFact(question) ? (
          <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" role="note" data-testid="faq-fact-note">
            Horário, endereço, formas de pagamento e áreas de entrega ficam em{' '}
            <Link to={`${paths.settings.getHref()}#dados-do-negocio`} className="font-semibold underline">
              Configurações → Dados do negócio
            </Link>
            : a IA já usa o que está lá em toda resposta. Mude lá para não ter duas versões.
          </p>
        ) : null}
        <Field
          id="faq-answer"
          label="Resposta"
          error={errors.answer}
          hint="Valores escritos aqui (ex.: taxa de entrega R$ 10) podem ser informados pela IA."
        >
          <textarea
            id="faq-answer"
            className={cn(inputClass, 'min-h-32 py-2')}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-invalid={Boolean(errors.answer)}
            placeholder="Ex.: Sim! Entregamos em toda a cidade; a taxa é R$ 10."
          />
        </Field>
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button type="submit" form="faq-form" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : faq?.status === 'proposed' ? 'Aceitar' : faq ? 'Salvar' : 'Adicionar'}
        </Button>
      </div>
    </Dialog>
  );
}
