import { documentEditSchema, type KnowledgeDocument } from '@vendai/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDocument, useEditDocument } from '../api/knowledge';

/**
 * 'Ver e editar': a document's title and the text the AI reads (its passages, a blank line between them).
 * Saving cuts the text into passages again; the AI reads the new text from the next reply on.
 */
export function EditDocumentDialog({
  doc,
  onOpenChange,
}: {
  doc: KnowledgeDocument;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useDocument(doc.id);
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="wide"
      title="Ver e editar documento"
      description="Este é o texto que a IA consulta. Ao salvar, ela passa a usar o texto novo na próxima resposta."
    >
      {detail.data ? (
        <EditDocumentForm doc={doc} text={detail.data.text} onDone={() => onOpenChange(false)} />
      ) : detail.error ? (
        <p role="alert" className="mt-5 text-sm text-red-700">
          {detail.error.message}
        </p>
      ) : (
        <div className="mt-5">
          <Spinner label="Carregando o texto..." />
        </div>
      )}
    </Dialog>
  );
}

function EditDocumentForm({
  doc,
  text: initial,
  onDone,
}: {
  doc: KnowledgeDocument;
  text: string;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(doc.title);
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const edit = useEditDocument();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = documentEditSchema.safeParse({ title, text });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    edit.mutate(
      { id: doc.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success('Documento salvo.');
          onDone();
        },
        onError: (err) =>
          setErrors(
            err instanceof ApiError && Object.keys(err.fields).length ? { ...err.fields } : { form: err.message },
          ),
      },
    );
  }

  return (
    <>
      <form id="edit-document-form" onSubmit={submit} className="mt-5 space-y-4" noValidate>
        <Field id="edit-document-title" label="Título" error={errors.title}>
          <Input
            id="edit-document-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={Boolean(errors.title)}
          />
        </Field>
        <Field id="edit-document-text" label="Texto" error={errors.text} hint="Até 100.000 caracteres.">
          <textarea
            id="edit-document-text"
            className={cn(inputClass, 'min-h-64 py-2')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (errors.text) setErrors({ ...errors, text: undefined });
            }}
            aria-invalid={Boolean(errors.text)}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" form="edit-document-form" disabled={edit.isPending}>
          {edit.isPending ? 'Salvando…' : 'Salvar'}
        </Button>
      </div>
    </>
  );
}
