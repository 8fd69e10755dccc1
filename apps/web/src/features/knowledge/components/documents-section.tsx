import { DOCUMENT_KIND_LABELS, type KnowledgeDocument } from '@vendai/contracts';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteDocument, useDocuments } from '../api/knowledge';
import { DocumentDialog } from './document-dialog';
import { EditDocumentDialog } from './edit-document-dialog';

const passagesLabel = (n: number) => (n === 1 ? '1 trecho' : `${n.toLocaleString('pt-BR')} trechos`);

/**
 * The owner's documents on /conhecimento: a PDF, pasted text or a page's text, kept as passages the AI
 * reads with the document's title as the source (docs/decisions/025-catalogue-and-price-guard.md).
 */
export function DocumentsSection() {
  const list = useDocuments();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<KnowledgeDocument | null>(null);
  const data = list.data;
  const full = data ? data.items.length >= data.limit : false;

  return (
    <section className="mt-8 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="documents-title">
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="documents-title" className="text-base font-semibold text-slate-900">
            Documentos
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Catálogos em PDF, políticas de troca, textos do seu site: a IA consulta os trechos que combinam com a
            pergunta do cliente.
            {data ? ` ${data.items.length} de ${data.limit} documentos.` : null}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setAdding(true)} disabled={full} className="shrink-0">
          <Plus /> Adicionar documento
        </Button>
      </div>
      {!data ? (
        <div className="p-8">
          <Spinner label="Carregando os documentos..." />
        </div>
      ) : data.items.length === 0 ? (
        <p className="p-8 text-center text-sm text-slate-600">
          Nenhum documento ainda. Envie um PDF ou cole um texto para a IA consultar.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="document-list">
          {data.items.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} onEdit={() => setEditing(doc)} />
          ))}
        </ul>
      )}
      {adding ? <DocumentDialog onOpenChange={(open) => !open && setAdding(false)} /> : null}
      {editing ? (
        <EditDocumentDialog key={editing.id} doc={editing} onOpenChange={(open) => !open && setEditing(null)} />
      ) : null}
    </section>
  );
}

function DocumentRow({ doc, onEdit }: { doc: KnowledgeDocument; onEdit: () => void }) {
  const remove = useDeleteDocument();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{doc.title}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            {DOCUMENT_KIND_LABELS[doc.kind]} · {passagesLabel(doc.passages)} · {doc.chars.toLocaleString('pt-BR')}{' '}
            caracteres
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Ver e editar “${doc.title}”`}>
          <Pencil /> Ver e editar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Excluir “${doc.title}”`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(doc.id, {
              onSuccess: () => toast.success('Documento excluído.'),
              onError: (err) => toast.error(err.message),
            })
          }
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
