import type { Faq } from '@vendai/contracts';
import { BookOpen, Check, Pencil, Plus, Search, Sparkles, Trash2, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { BusinessFactsCard } from '@/components/business-facts-card';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteFaq, useFaqs, useSaveFaq } from '../api/knowledge';
import { DocumentsSection } from './documents-section';
import { FaqDialog } from './faq-dialog';

/**
 * /conhecimento ('Conhecimento'): the business's frequent questions and documents the AI answers from,
 * with their source, and the entries suggested from conversations the owner answered
 * (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento).
 */
export function KnowledgePage() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [editing, setEditing] = useState<{ faq: Faq | null } | null>(null);
  const list = useFaqs(q);
  const data = list.data;
  const empty = data && !q && data.items.length === 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Conhecimento"
        description="Perguntas frequentes e documentos do seu negócio. A IA consulta estas informações para atender os clientes, sem inventar."
        action={
          <Button onClick={() => setEditing({ faq: null })}>
            <Plus /> Nova pergunta
          </Button>
        }
      />
      <BusinessFactsCard
        className="mt-6"
        intro="Horário, endereço, formas de pagamento e entrega: a IA recebe estes dados em toda resposta, sem precisar de uma pergunta aqui. Eles ficam num lugar só: Configurações."
      />
      {data && data.proposed.length > 0 ? (
        <Proposals items={data.proposed} onEdit={(faq) => setEditing({ faq })} />
      ) : null}
      {empty ? (
        <EmptyState onAdd={() => setEditing({ faq: null })} />
      ) : (
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="border-b border-slate-100 p-4">
            <div className="relative w-full sm:max-w-sm">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                aria-label="Buscar nas perguntas"
                placeholder="Buscar nas perguntas e respostas"
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          {!data ? (
            <div className="p-8">
              <Spinner label="Carregando as perguntas..." />
            </div>
          ) : data.items.length === 0 ? (
            <p className="p-8 text-center text-sm text-slate-600">Nada encontrado para “{q}”.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="faq-list">
              {data.items.map((faq) => (
                <FaqRow key={faq.id} faq={faq} onEdit={() => setEditing({ faq })} />
              ))}
            </ul>
          )}
        </section>
      )}
      <DocumentsSection />
      {editing ? (
        <FaqDialog
          key={editing.faq?.id ?? 'new'}
          faq={editing.faq}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <section className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BookOpen className="size-7" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Ensine as respostas do seu negócio</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        Troca, garantia, prazos, cuidados: escreva uma vez e a IA responde com as suas palavras.
      </p>
      <Button className="mt-6" onClick={onAdd}>
        <Plus /> Adicionar a primeira pergunta
      </Button>
    </section>
  );
}

function FaqRow({ faq, onEdit }: { faq: Faq; onEdit: () => void }) {
  const remove = useDeleteFaq();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{faq.question}</p>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{faq.answer}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Editar “${faq.question}”`}>
          <Pencil /> Editar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Excluir “${faq.question}”`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(faq.id, {
              onSuccess: () => toast.success('Pergunta excluída.'),
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

/** Entries suggested from conversations the owner answered: accept, edit or dismiss in one click. */
function Proposals({ items, onEdit }: { items: Faq[]; onEdit: (faq: Faq) => void }) {
  const save = useSaveFaq();
  const remove = useDeleteFaq();
  const fail = (err: Error) => toast.error(err.message);
  return (
    <section className="mt-6 rounded-2xl border border-brand-200 bg-brand-50/60 p-4" aria-label="Sugestões">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <Sparkles className="size-4" /> Sugestões das suas conversas ({items.length})
      </h2>
      <p className="mt-1 text-xs text-slate-600">
        Você respondeu estas perguntas no lugar da IA. Quer que ela aprenda?
      </p>
      <ul className="mt-3 space-y-2">
        {items.map((faq) => (
          <li key={faq.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <p className="text-sm font-semibold text-slate-900">{faq.question}</p>
            <p className="mt-1 text-sm text-slate-600">{faq.answer}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() =>
                  save.mutate(
                    { id: faq.id, input: { question: faq.question, answer: faq.answer } },
                    { onSuccess: () => toast.success('Pergunta aceita.'), onError: fail },
                  )
                }
              >
                <Check /> Aceitar
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onEdit(faq)}>
                <Pencil /> Editar
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  remove.mutate(faq.id, { onSuccess: () => toast.success('Sugestão descartada.'), onError: fail })
                }
              >
                <X /> Descartar
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
