import { AVAILABILITY_LABELS, type CatalogueItem, formatCents } from '@vendai/contracts';
import { Archive, ArchiveRestore, Copy, FileSpreadsheet, ImagePlus, Package, Pencil, Plus, Search } from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useArchiveItem, useCatalogue, useDuplicateItem, useUploadPhoto } from '../api/catalogue';
import { ImportDialog } from './import-dialog';
import { ItemDialog } from './item-dialog';
import { PriceGuardCard } from './price-guard-card';

const AVAILABILITY_STYLE: Record<CatalogueItem['availability'], string> = {
  em_estoque: 'bg-emerald-50 text-emerald-800',
  esgotado: 'bg-red-50 text-red-700',
  sob_encomenda: 'bg-amber-50 text-amber-800',
};

/**
 * /catalogo ('Catálogo'): the products and services the AI quotes from, with search, add/edit,
 * duplicate, archive and photo (docs/decisions/025-catalogue-and-price-guard.md).
 */
export function CataloguePage() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<{ item: CatalogueItem | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useCatalogue(q, archived);
  const data = list.data;
  const empty = data && data.activeCount === 0 && data.archivedCount === 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Catálogo"
        description="Seus produtos e serviços com preço. A IA responde a partir deles e nunca envia ao cliente um preço que não esteja aqui."
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <FileSpreadsheet /> Importar planilha
            </Button>
            <Button onClick={() => setEditing({ item: null })}>
              <Plus /> Novo item
            </Button>
          </div>
        }
      />
      {empty ? (
        <EmptyState onAdd={() => setEditing({ item: null })} />
      ) : (
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="relative w-full sm:max-w-sm">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                aria-label="Buscar no catálogo"
                placeholder="Buscar por nome, descrição ou etiqueta"
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <div role="tablist" aria-label="Itens" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
              {[false, true].map((value) => (
                <button
                  key={String(value)}
                  role="tab"
                  aria-selected={archived === value}
                  onClick={() => setArchived(value)}
                  className={cn(
                    'rounded-md px-3 py-1.5 font-medium',
                    archived === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  {value ? `Arquivados (${data?.archivedCount ?? 0})` : `Ativos (${data?.activeCount ?? 0})`}
                </button>
              ))}
            </div>
          </div>
          {!data ? (
            <div className="p-8">
              <Spinner label="Carregando o catálogo..." />
            </div>
          ) : data.items.length === 0 ? (
            <p className="p-8 text-center text-sm text-slate-600">
              {q ? `Nada encontrado para “${q}”.` : archived ? 'Nenhum item arquivado.' : 'Nenhum item ativo.'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="catalogue-list">
              {data.items.map((item) => (
                <ItemRow key={item.id} item={item} onEdit={() => setEditing({ item })} />
              ))}
            </ul>
          )}
        </section>
      )}
      <PriceGuardCard />
      {importing ? <ImportDialog open onOpenChange={setImporting} /> : null}
      {editing ? (
        <ItemDialog
          key={editing.item?.id ?? 'new'}
          open
          item={editing.item}
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
        <Package className="size-7" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Seu catálogo está vazio</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        Cadastre o que você vende, com preço e opções. A IA passa a responder “quanto custa?” com os seus valores — e só
        com eles.
      </p>
      <Button className="mt-6" onClick={onAdd}>
        <Plus /> Adicionar o primeiro item
      </Button>
    </section>
  );
}

function ItemRow({ item, onEdit }: { item: CatalogueItem; onEdit: () => void }) {
  const duplicate = useDuplicateItem();
  const archive = useArchiveItem();
  const upload = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const fail = (err: Error) => toast.error(err.message);

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          className="relative size-14 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-slate-400 hover:border-brand-600"
          aria-label={item.photoUrl ? `Trocar a foto de ${item.name}` : `Adicionar foto de ${item.name}`}
        >
          {item.photoUrl ? (
            <img src={item.photoUrl} alt="" className="size-full object-cover" />
          ) : (
            <ImagePlus className="mx-auto size-5" />
          )}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              upload.mutate({ id: item.id, file }, { onSuccess: () => toast.success('Foto salva.'), onError: fail });
          }}
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{item.name}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="font-medium text-slate-900">{formatCents(item.priceCents)}</span>
            {item.priceCents !== null && item.unit ? ` / ${item.unit}` : ''}
            {item.options.length > 0
              ? ` · ${item.options.length} ${item.options.length === 1 ? 'opção' : 'opções'}`
              : ''}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            <span className={cn('rounded px-1.5 py-px text-xs font-medium', AVAILABILITY_STYLE[item.availability])}>
              {AVAILABILITY_LABELS[item.availability]}
            </span>
            {item.tags.slice(0, 3).map((t) => (
              <span key={t} className="rounded bg-slate-100 px-1.5 py-px text-xs text-slate-600">
                {t}
              </span>
            ))}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-1 self-end sm:self-center">
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil /> Editar
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Duplicar ${item.name}`}
          onClick={() =>
            duplicate.mutate(item.id, { onSuccess: () => toast.success('Item duplicado.'), onError: fail })
          }
        >
          <Copy /> <span className="hidden sm:inline">Duplicar</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${item.archived ? 'Reativar' : 'Arquivar'} ${item.name}`}
          onClick={() =>
            archive.mutate(
              { id: item.id, archived: !item.archived },
              { onSuccess: () => toast.success(item.archived ? 'Item reativado.' : 'Item arquivado.'), onError: fail },
            )
          }
        >
          {item.archived ? <ArchiveRestore /> : <Archive />}
          <span className="hidden sm:inline">{item.archived ? 'Reativar' : 'Arquivar'}</span>
        </Button>
      </div>
    </li>
  );
}
