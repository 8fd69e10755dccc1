import type { LabelDto } from '@vendai/contracts';

type LabelColor = LabelDto['color'];

/** The palette's colours as people name them, and the chip's classes (text contrast ≥ 4.5:1 on its fill). */
export const LABEL_COLOR_STYLE: Record<LabelColor, { name: string; chip: string; dot: string }> = {
  slate: { name: 'Cinza', chip: 'bg-slate-100 text-slate-800 ring-slate-300', dot: 'bg-slate-500' },
  red: { name: 'Vermelho', chip: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
  amber: { name: 'Amarelo', chip: 'bg-amber-50 text-amber-900 ring-amber-200', dot: 'bg-amber-500' },
  emerald: { name: 'Verde', chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  sky: { name: 'Azul', chip: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  violet: { name: 'Roxo', chip: 'bg-violet-50 text-violet-800 ring-violet-200', dot: 'bg-violet-500' },
  pink: { name: 'Rosa', chip: 'bg-pink-50 text-pink-800 ring-pink-200', dot: 'bg-pink-500' },
};

/** The labels of a conversation in the account's order (by name), skipping ids of labels just deleted. */
export function labelsOf(all: LabelDto[] | undefined, ids: string[] | undefined): LabelDto[] {
  if (!all || !ids?.length) return [];
  const wanted = new Set(ids);
  return all.filter((l) => wanted.has(l.id));
}
