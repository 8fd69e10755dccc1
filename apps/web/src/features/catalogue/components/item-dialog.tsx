import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  CATALOGUE_KINDS,
  CATALOGUE_KIND_LABELS,
  CATALOGUE_PRICE_INVALID,
  type CatalogueItem,
  catalogueItemInputSchema,
} from '@vendai/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveItem } from '../api/catalogue';
import { parsePriceInput, priceInputOf } from '../price';

interface OptionRow {
  name: string;
  price: string;
}

interface FormState {
  kind: (typeof CATALOGUE_KINDS)[number];
  name: string;
  description: string;
  price: string;
  unit: string;
  availability: (typeof AVAILABILITIES)[number];
  tags: string;
  allowsDiscount: boolean;
  options: OptionRow[];
}

function initialState(item: CatalogueItem | null): FormState {
  return {
    kind: item?.kind ?? 'produto',
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: priceInputOf(item?.priceCents ?? null),
    unit: item?.unit ?? '',
    availability: item?.availability ?? 'em_estoque',
    tags: item?.tags.join(', ') ?? '',
    allowsDiscount: item?.allowsDiscount ?? false,
    options: item?.options.map((o) => ({ name: o.name, price: priceInputOf(o.priceCents) })) ?? [],
  };
}

/** Add / edit a product or service: name, price or 'sob consulta', options with their own prices. */
export function ItemDialog({
  open,
  item,
  onOpenChange,
}: {
  open: boolean;
  item: CatalogueItem | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initialState(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveItem();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const priceCents = parsePriceInput(form.price);
    if (priceCents === undefined) found.price = CATALOGUE_PRICE_INVALID;
    const options = form.options
      .filter((o) => o.name.trim() || o.price.trim())
      .map((o, i) => {
        const p = parsePriceInput(o.price);
        if (p === undefined) found[`option-${i}`] = CATALOGUE_PRICE_INVALID;
        return { name: o.name, priceCents: p ?? null };
      });
    const parsed = catalogueItemInputSchema.safeParse({
      kind: form.kind,
      name: form.name,
      description: form.description,
      priceCents: priceCents ?? null,
      unit: form.unit,
      availability: form.availability,
      tags: form.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      allowsDiscount: form.allowsDiscount,
      options,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'options' ? `option-${String(issue.path[1])}` : String(issue.path[0]);
        found[key === 'priceCents' ? 'price' : key] ??= issue.message;
      }
    setErrors(found);
    if (Object.values(found).some(Boolean) || !parsed.success) return;
    save.mutate(
      { id: item?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(item ? 'Item salvo.' : 'Item adicionado ao catálogo.');
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setErrors({ ...err.fields });
          else toast.error(err.message);
        },
      },
    );
  }

  const setOption = (i: number, patch: Partial<OptionRow>) =>
    set(
      'options',
      form.options.map((o, k) => (k === i ? { ...o, ...patch } : o)),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title={item ? 'Editar item' : 'Novo item do catálogo'}
      description="A IA só informa os preços que estão aqui. Deixe o preço em branco para “sob consulta”."
    >
      <form id="catalogue-item-form" onSubmit={submit} className="mt-5 space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
          <Field id="item-name" label="Nome" error={errors.name}>
            <Input
              id="item-name"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              aria-invalid={Boolean(errors.name)}
              placeholder="Ex.: Bolo de chocolate"
              autoFocus
            />
          </Field>
          <Field id="item-kind" label="Tipo">
            <select
              id="item-kind"
              className={inputClass}
              value={form.kind}
              onChange={(e) => set('kind', e.target.value as FormState['kind'])}
            >
              {CATALOGUE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CATALOGUE_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="item-price" label="Preço (R$)" error={errors.price} hint="Em branco: sob consulta">
            <Input
              id="item-price"
              inputMode="decimal"
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
              aria-invalid={Boolean(errors.price)}
              placeholder="89,90"
            />
          </Field>
          <Field id="item-unit" label="Unidade" error={errors.unit}>
            <Input
              id="item-unit"
              value={form.unit}
              onChange={(e) => set('unit', e.target.value)}
              placeholder="unidade, kg, sessão"
            />
          </Field>
          <Field id="item-availability" label="Disponibilidade">
            <select
              id="item-availability"
              className={inputClass}
              value={form.availability}
              onChange={(e) => set('availability', e.target.value as FormState['availability'])}
            >
              {AVAILABILITIES.map((a) => (
                <option key={a} value={a}>
                  {AVAILABILITY_LABELS[a]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="item-description" label="Descrição" error={errors.description}>
          <textarea
            id="item-description"
            className={`${inputClass} min-h-20 py-2`}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder="O que está incluído, tamanhos, sabores…"
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Opções e variações</legend>
          {form.options.map((o, i) => (
            <div key={i} className="flex items-start gap-2">
              <Input
                aria-label={`Nome da opção ${i + 1}`}
                value={o.name}
                onChange={(e) => setOption(i, { name: e.target.value })}
                placeholder="Ex.: Tamanho G"
              />
              <div className="w-32 shrink-0">
                <Input
                  aria-label={`Preço da opção ${i + 1}`}
                  inputMode="decimal"
                  value={o.price}
                  onChange={(e) => setOption(i, { price: e.target.value })}
                  aria-invalid={Boolean(errors[`option-${i}`])}
                  placeholder="mesmo preço"
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remover opção ${i + 1}`}
                onClick={() =>
                  set(
                    'options',
                    form.options.filter((_, k) => k !== i),
                  )
                }
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          {Object.entries(errors)
            .filter(([k, v]) => k.startsWith('option-') && v)
            .slice(0, 1)
            .map(([k, v]) => (
              <p key={k} role="alert" className="text-sm text-red-600">
                {v}
              </p>
            ))}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => set('options', [...form.options, { name: '', price: '' }])}
          >
            <Plus /> Adicionar opção
          </Button>
        </fieldset>
        <Field id="item-tags" label="Etiquetas" hint="Separadas por vírgula: ajudam a IA a encontrar o item.">
          <Input
            id="item-tags"
            value={form.tags}
            onChange={(e) => set('tags', e.target.value)}
            placeholder="festa, aniversário"
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={form.allowsDiscount}
            onChange={(e) => set('allowsDiscount', e.target.checked)}
          />
          A IA pode oferecer desconto neste item
        </label>
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button type="submit" form="catalogue-item-form" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : item ? 'Salvar' : 'Adicionar'}
        </Button>
      </div>
    </Dialog>
  );
}
