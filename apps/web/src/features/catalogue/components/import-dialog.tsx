import {
  formatCents,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_NAME_COLUMN_REQUIRED,
  type ImportMapping,
  type ImportPlan,
  type ImportRead,
} from '@vendai/contracts';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useApplyImport, usePreviewImport, useReadSpreadsheet } from '../api/catalogue';

const ACTION_LABEL: Record<ImportPlan['rows'][number]['action'], { label: string; className: string }> = {
  criar: { label: 'Novo', className: 'bg-emerald-50 text-emerald-800' },
  atualizar: { label: 'Atualiza', className: 'bg-sky-50 text-sky-800' },
  igual: { label: 'Sem mudança', className: 'bg-slate-100 text-slate-600' },
  erro: { label: 'Erro', className: 'bg-red-50 text-red-700' },
};

/**
 * 'Importar planilha': a CSV or XLSX file → the columns to use (guessed from the header) → a preview of
 * what will be created, updated or is wrong → applied all at once (decision 025).
 */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [table, setTable] = useState<ImportRead | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [error, setError] = useState('');
  const readFile = useReadSpreadsheet();
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const request =
    table && mapping
      ? { table: { headerLine: table.headerLine, headers: table.headers, rows: table.rows }, mapping }
      : null;

  function choose(file: File | undefined) {
    if (!file) return;
    setError('');
    setPlan(null);
    readFile.mutate(file, {
      onSuccess: (read) => {
        setTable(read);
        setMapping(read.mapping);
      },
      onError: (err) => setError(err.message),
    });
  }

  function showPreview() {
    if (!request) return;
    if (request.mapping.name === null) return setError(IMPORT_NAME_COLUMN_REQUIRED);
    setError('');
    preview.mutate(request, { onSuccess: setPlan, onError: (err) => setError(err.message) });
  }

  function importAll() {
    if (!request) return;
    apply.mutate(request, {
      onSuccess: (result) => {
        toast.success(`Catálogo importado: ${result.created} novos, ${result.updated} atualizados.`);
        onOpenChange(false);
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Importar planilha"
      description="Envie sua lista de preços em .csv ou .xlsx (Excel), ou um PDF ou uma foto da tabela: a IA lê os itens e você confere antes de importar."
    >
      <div className="mt-5 space-y-5">
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-slate-300 p-4 hover:border-brand-600">
          <FileSpreadsheet className="size-6 shrink-0 text-brand-700" />
          <span className="text-sm text-slate-700">
            {readFile.isPending
              ? 'Lendo a planilha…'
              : table
                ? `${table.rows.filter((r) => r.some((c) => c.trim())).length} linhas lidas. Trocar arquivo`
                : 'Escolher arquivo (.csv, .xlsx, PDF ou foto)'}
          </span>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/pdf,image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-label="Arquivo da planilha"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>

        {table && mapping ? (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Quais colunas usar</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {IMPORT_FIELDS.map((field) => (
                <label key={field} className="text-sm text-slate-700">
                  <span className="mb-1 block font-medium">{IMPORT_FIELD_LABELS[field]}</span>
                  <select
                    className={inputClass}
                    aria-label={`Coluna: ${IMPORT_FIELD_LABELS[field]}`}
                    value={mapping[field] ?? ''}
                    onChange={(e) => {
                      setPlan(null);
                      setMapping({ ...mapping, [field]: e.target.value === '' ? null : Number(e.target.value) });
                    }}
                  >
                    <option value="">— não usar —</option>
                    {table.headers.map((h, i) => (
                      <option key={i} value={i}>
                        {h}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {plan ? (
          <div>
            <p className="text-sm text-slate-700" data-testid="import-summary">
              <strong>{plan.create}</strong> novos · <strong>{plan.update}</strong> atualizados ·{' '}
              <strong>{plan.unchanged}</strong> sem mudança
              {plan.errors ? (
                <>
                  {' '}
                  · <strong className="text-red-700">{plan.errors} com erro</strong>
                </>
              ) : null}
            </p>
            <ul className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 text-sm">
              {plan.rows.map((r) => (
                <li key={r.line} className="flex items-center gap-3 px-3 py-2">
                  <span className="w-14 shrink-0 text-xs text-slate-500">Linha {r.line}</span>
                  <span className="min-w-0 flex-1 truncate">{r.error ?? r.name}</span>
                  {r.error ? null : <span className="shrink-0 font-medium">{formatCents(r.priceCents)}</span>}
                  <span
                    className={cn(
                      'shrink-0 rounded px-1.5 py-px text-xs font-medium',
                      ACTION_LABEL[r.action].className,
                    )}
                  >
                    {ACTION_LABEL[r.action].label}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        {plan ? (
          <Button onClick={importAll} disabled={apply.isPending || plan.errors > 0 || plan.create + plan.update === 0}>
            {apply.isPending ? 'Importando…' : `Importar ${plan.create + plan.update} itens`}
          </Button>
        ) : (
          <Button onClick={showPreview} disabled={!table || preview.isPending}>
            {preview.isPending ? 'Conferindo…' : 'Ver prévia'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
