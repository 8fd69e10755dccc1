import { useConversationLabelIds, useLabels } from '../api/labels';
import { labelsOf } from '../lib/label-colors';
import { LabelChip } from './label-chip';

const SHOWN = 2;

/** The labels on a conversation's row in the list: two chips and '+n'. */
export function RowLabels({ convId }: { convId: string }) {
  const labels = labelsOf(useLabels().data, useConversationLabelIds(convId).data);
  if (!labels.length) return null;
  const hidden = labels.slice(SHOWN);
  return (
    <span className="flex min-w-0 shrink items-center gap-1 overflow-hidden">
      <span className="sr-only">Etiquetas: </span>
      {labels.slice(0, SHOWN).map((l) => (
        <LabelChip key={l.id} label={l} size="xs" />
      ))}
      {hidden.length ? (
        <span className="shrink-0 text-[11px] font-medium text-slate-600" title={hidden.map((l) => l.name).join(', ')}>
          +{hidden.length}
        </span>
      ) : null}
    </span>
  );
}
