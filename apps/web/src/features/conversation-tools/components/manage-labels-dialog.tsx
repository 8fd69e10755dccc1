import { LABELS_MAX, type LabelDto } from '@vendai/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/input';
import { useDeleteLabel, useLabels, useSaveLabel } from '../api/labels';
import { ColorSwatches } from './color-swatches';
import { LabelChip } from './label-chip';

/** 'Gerenciar etiquetas': create, rename, recolour and delete the account's labels. */
export function ManageLabelsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const labels = useLabels();
  const [editing, setEditing] = useState<string | null>(null);
  const count = labels.data?.length ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Etiquetas"
      description={`Marque conversas para a equipe encontrar depois (até ${LABELS_MAX}). O cliente não vê as etiquetas.`}
    >
      {count < LABELS_MAX ? (
        <LabelForm key="new" submitLabel="Criar etiqueta" onDone={() => toast.success('Etiqueta criada.')} />
      ) : null}
      <ul
        className="mt-5 flex flex-col divide-y divide-slate-100 border-t border-slate-100"
        aria-label="Suas etiquetas"
      >
        {labels.isPending ? <li className="py-3 text-sm text-slate-600">Carregando...</li> : null}
        {labels.data && !count ? <li className="py-3 text-sm text-slate-600">Nenhuma etiqueta ainda.</li> : null}
        {labels.data?.map((label) =>
          editing === label.id ? (
            <li key={label.id} className="py-3">
              <LabelForm
                label={label}
                submitLabel="Salvar"
                onDone={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <LabelRow key={label.id} label={label} onEdit={() => setEditing(label.id)} />
          ),
        )}
      </ul>
    </Dialog>
  );
}

function LabelRow({ label, onEdit }: { label: LabelDto; onEdit: () => void }) {
  const remove = useDeleteLabel();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex min-h-12 items-center gap-2 py-2">
      <span className="min-w-0 flex-1">
        <LabelChip label={label} />
      </span>
      {confirming ? (
        <>
          <span className="text-xs text-slate-700">Sai de todas as conversas.</span>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(label.id, {
                onSuccess: () => toast.success('Etiqueta apagada.'),
                onError: (err) => toast.error(err.message),
              })
            }
          >
            Apagar
          </Button>
        </>
      ) : (
        <>
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar etiqueta ${label.name}`}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setConfirming(true)}
            aria-label={`Apagar etiqueta ${label.name}`}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}

function LabelForm({
  label,
  submitLabel,
  onDone,
  onCancel,
}: {
  label?: LabelDto;
  submitLabel: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useSaveLabel();
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<LabelDto['color']>(label?.color ?? 'amber');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setError(null);
    save.mutate(
      { id: label?.id, input: { name, color } },
      {
        onSuccess: () => {
          if (!label) setName('');
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2.5">
      <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
        {label ? 'Nome' : 'Nova etiqueta'}
      </label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Ex.: VIP, Aguardando pagamento"
        maxLength={30}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      <ColorSwatches value={color} onChange={setColor} name={`${id}-color`} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
