import { documentTextInputSchema, KNOWLEDGE_DOCUMENT_LIMITS } from '@vendai/contracts';
import { FileUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAddTextDocument, useUploadPdfDocument } from '../api/knowledge';

type Source = 'pdf' | 'text' | 'page';

const SOURCES: { value: Source; label: string }[] = [
  { value: 'pdf', label: 'Enviar PDF' },
  { value: 'text', label: 'Colar texto' },
  { value: 'page', label: 'Texto de uma página' },
];

const PDF_TOO_BIG = 'O PDF pode ter até 5 MB.';
const PDF_REQUIRED = 'Escolha um arquivo PDF.';
const titleOf = (file: File) => file.name.replace(/\.pdf$/i, '').trim();

/**
 * 'Adicionar documento': a PDF (its text is read on the server; a scanned PDF is refused with the reason),
 * pasted text, or the text of a page copied from a site (nothing is fetched from an address).
 */
export function DocumentDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [source, setSource] = useState<Source>('pdf');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const addText = useAddTextDocument();
  const upload = useUploadPdfDocument();
  const pending = addText.isPending || upload.isPending;

  const done = () => {
    toast.success('Documento adicionado.');
    onOpenChange(false);
  };
  const fail = (err: Error) =>
    setErrors(err instanceof ApiError && Object.keys(err.fields).length ? { ...err.fields } : { form: err.message });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (source === 'pdf') {
      if (!file) return setErrors({ file: PDF_REQUIRED });
      if (file.size > KNOWLEDGE_DOCUMENT_LIMITS.pdfMaxBytes) return setErrors({ file: PDF_TOO_BIG });
      setErrors({});
      return upload.mutate(
        { file, title: title.trim() || titleOf(file) || 'Documento PDF' },
        { onSuccess: done, onError: fail },
      );
    }
    const parsed = documentTextInputSchema.safeParse({ title, text, kind: source });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    addText.mutate(parsed.data, { onSuccess: done, onError: fail });
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="wide"
      title="Adicionar documento"
      description="A IA lê o documento em trechos e usa os que combinam com a pergunta do cliente, citando o título como fonte."
    >
      <form id="document-form" onSubmit={submit} className="mt-5 space-y-4" noValidate>
        <div role="radiogroup" aria-label="Origem do documento" className="flex flex-wrap gap-2">
          {SOURCES.map((s) => (
            <button
              key={s.value}
              type="button"
              role="radio"
              aria-checked={source === s.value}
              onClick={() => {
                setSource(s.value);
                setErrors({});
              }}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium',
                source === s.value
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 text-slate-700 hover:border-brand-600',
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
        <Field
          id="document-title"
          label="Título"
          error={errors.title}
          hint={source === 'pdf' ? 'Vazio: o nome do arquivo.' : 'A IA mostra o título como fonte do trecho.'}
        >
          <Input
            id="document-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={Boolean(errors.title)}
            placeholder={source === 'page' ? 'Ex.: Página “Como comprar” do site' : 'Ex.: Política de trocas'}
          />
        </Field>
        {source === 'pdf' ? (
          <PdfPicker file={file} error={errors.file} onChoose={setFile} />
        ) : (
          <Field
            id="document-text"
            label={source === 'page' ? 'Texto da página' : 'Texto'}
            error={errors.text}
            hint={
              source === 'page'
                ? 'Abra a página no navegador, selecione e copie o texto, e cole aqui (o VendAI não acessa endereços).'
                : 'Até 100.000 caracteres. Valores escritos aqui (ex.: frete R$ 18) podem ser informados pela IA.'
            }
          >
            <textarea
              id="document-text"
              className={cn(inputClass, 'min-h-48 py-2')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(errors.text)}
            />
          </Field>
        )}
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button type="submit" form="document-form" disabled={pending}>
          {pending ? (source === 'pdf' ? 'Lendo o PDF…' : 'Salvando…') : 'Adicionar'}
        </Button>
      </div>
    </Dialog>
  );
}

function PdfPicker({ file, error, onChoose }: { file: File | null; error?: string; onChoose: (f: File) => void }) {
  return (
    <div>
      <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-slate-300 p-4 hover:border-brand-600">
        <FileUp className="size-6 shrink-0 text-brand-700" aria-hidden />
        <span className="min-w-0 text-sm break-words text-slate-700">
          {file ? `${file.name} · trocar arquivo` : 'Escolher PDF (até 5 MB, 50 páginas; com texto, não digitalizado)'}
        </span>
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          aria-label="Arquivo PDF"
          aria-invalid={Boolean(error)}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) onChoose(chosen);
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
