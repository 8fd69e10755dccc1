import { FUNNEL_CUSTOM_STAGES_MAX, type FunnelStageDto } from '@vendai/contracts/funnel';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useStageMutations } from '../api/stages';

/**
 * 'Gerenciar etapas': rename any stage, put them in order (Novo stays first), delete the owner's own
 * (their cards go back to Novo) and add new ones. What was typed stays when the server refuses it.
 */
export function ManageStagesDialog({
  open,
  onOpenChange,
  stages,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stages: FunnelStageDto[];
}) {
  const { create, reorder } = useStageMutations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const customs = stages.filter((s) => s.kind === 'custom').length;

  const add = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (stage) => {
          setName('');
          setError(null);
          toast.success(`Etapa ${stage.name} criada.`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const shift = (index: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids, { onError: (err) => toast.error(`Não foi possível mudar a ordem. ${err.message}`) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Gerenciar etapas"
      description="Renomeie as etapas, mude a ordem das colunas ou crie etapas suas. Ao excluir uma etapa sua, as conversas dela voltam para a primeira coluna."
      size="wide"
    >
      <ol className="mt-4 space-y-2">
        {stages.map((stage, i) => (
          <StageRow
            key={stage.id}
            stage={stage}
            canUp={i > 1}
            canDown={i > 0 && i < stages.length - 1}
            busy={reorder.isPending}
            onUp={() => shift(i, -1)}
            onDown={() => shift(i, 1)}
          />
        ))}
      </ol>
      <form onSubmit={add} className="mt-5 border-t border-slate-200 pt-4" noValidate>
        <label htmlFor="new-stage" className="text-sm font-semibold text-slate-900">
          Nova etapa
        </label>
        <div className="mt-1.5 flex gap-2">
          <Input
            id="new-stage"
            value={name}
            maxLength={30}
            placeholder="Ex.: Negociação"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-stage-error' : 'new-stage-hint'}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" disabled={create.isPending || customs >= FUNNEL_CUSTOM_STAGES_MAX}>
            <Plus aria-hidden />
            Criar
          </Button>
        </div>
        {error ? (
          <p id="new-stage-error" className="mt-1.5 text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : (
          <p id="new-stage-hint" className="mt-1.5 text-xs text-slate-600">
            {customs} de {FUNNEL_CUSTOM_STAGES_MAX} etapas suas. Novas etapas entram antes de Perdido.
          </p>
        )}
      </form>
    </Dialog>
  );
}

function StageRow({
  stage,
  canUp,
  canDown,
  busy,
  onUp,
  onDown,
}: {
  stage: FunnelStageDto;
  canUp: boolean;
  canDown: boolean;
  busy: boolean;
  onUp: () => void;
  onDown: () => void;
}) {
  const { rename, remove } = useStageMutations();
  const [name, setName] = useState(stage.name);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const inputId = `stage-name-${stage.id}`;
  const save = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: stage.id, name },
      {
        onSuccess: (saved) => {
          setError(null);
          setName(saved.name);
          toast.success('Nome da etapa salvo.');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const drop = () =>
    remove.mutate(stage.id, {
      onSuccess: () => toast.success(`Etapa ${stage.name} excluída. As conversas dela voltaram para Novo.`),
      onError: (err) => toast.error(`Não foi possível excluir a etapa. ${err.message}`),
    });

  return (
    <li className="rounded-xl border border-slate-200 p-2.5">
      <form onSubmit={save} className="flex flex-wrap items-center gap-2" noValidate>
        <label htmlFor={inputId} className="sr-only">
          Nome da etapa {stage.name}
        </label>
        <Input
          id={inputId}
          value={name}
          maxLength={30}
          className="h-9 min-w-0 flex-1 basis-40"
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {name.trim() !== stage.name ? (
          <Button type="submit" size="sm" disabled={rename.isPending}>
            Salvar
          </Button>
        ) : null}
        <div className="flex items-center gap-1">
          {(
            [
              ['Subir', ArrowUp, canUp, onUp],
              ['Descer', ArrowDown, canDown, onDown],
            ] as const
          ).map(([verb, Icon, can, onClick]) => (
            <Button
              key={verb}
              type="button"
              variant="ghost"
              size="icon"
              disabled={!can || busy}
              onClick={onClick}
              aria-label={`${verb} ${stage.name}`}
            >
              <Icon aria-hidden />
            </Button>
          ))}
          {stage.kind === 'custom' ? (
            confirming ? (
              <Button type="button" variant="danger" size="sm" disabled={remove.isPending} onClick={drop}>
                Confirmar exclusão
              </Button>
            ) : (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => setConfirming(true)}
                aria-label={`Excluir ${stage.name}`}
              >
                <Trash2 aria-hidden />
              </Button>
            )
          ) : (
            <span
              className="w-9 text-center text-[11px] leading-tight text-slate-500"
              title="Etapa padrão: pode ser renomeada, não excluída"
            >
              padrão
            </span>
          )}
        </div>
      </form>
      {error ? (
        <p className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
