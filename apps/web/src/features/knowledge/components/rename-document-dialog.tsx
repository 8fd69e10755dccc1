import { documentRenameSchema, type KnowledgeDocument } from '@vendai/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRenameDocument } from '../api/knowledge';

/** Renames a document (the AI shows the title as the source of its passages). */
export function RenameDocumentDialog({
  doc,
  onOpenChange,
}: {
  doc: KnowledgeDocument;
  onOpenChange: (open: boolean) => void;
}) {
  const [title, setTitle] = useState(doc.title);
  const [error, setError] = useState<string>();
  const rename = useRenameDocument();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = documentRenameSchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate(
      { id: doc.id, title: parsed.data.title },
      {
        onSuccess: () => {
          toast.success('Documento renomeado.');
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title="Renomear documento">
      <form id="rename-document-form" onSubmit={submit} className="mt-5" noValidate>
        <Field id="rename-document-title" label="Título" error={error}>
          <Input
            id="rename-document-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={Boolean(error)}
            autoFocus
          />
        </Field>
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button type="submit" form="rename-document-form" disabled={rename.isPending}>
          {rename.isPending ? 'Salvando…' : 'Salvar'}
        </Button>
      </div>
    </Dialog>
  );
}
