import { AVAILABILITIES, CATALOGUE_MAX_PRICE_CENTS, type Availability } from '@vendai/contracts';
import { z } from 'zod';

/** A catalogue item as the coach saw it (the request's list): the only ids a suggestion may name. */
export interface CoachCatalogueItem {
  id: string;
  name: string;
  priceCents: number | null;
  availability: Availability;
  description: string;
  /** The item's options with their prices (null: the item's price). */
  options?: CoachOption[];
}

interface CoachOption {
  name: string;
  priceCents: number | null;
}

type Fields = Pick<CoachCatalogueItem, 'priceCents' | 'availability' | 'description'>;

/** A change the coach proposes: an existing item's fields that differ (or one option's price), or a new item. */
export interface CoachCatalogueChange {
  itemId: string | null;
  name: string;
  before: (Fields & { optionPrice?: CoachOption }) | null;
  after: Partial<Fields> & { optionPrice?: CoachOption };
}

const DESCRIPTION_MAX = 2_000;
const NAME_MAX = 120;

const raw = z.unknown().optional().catch(undefined);
/** The change as models write it (English or Portuguese keys). */
const changeSchema = z.object({
  item_id: raw,
  itemId: raw,
  id: raw,
  name: raw,
  nome: raw,
  price_cents: raw,
  priceCents: raw,
  preco_centavos: raw,
  price: raw,
  preco: raw,
  availability: raw,
  disponibilidade: raw,
  description: raw,
  descricao: raw,
  option: raw,
  opcao: raw,
  option_name: raw,
});

/** Centavos from what a model writes: an integer of centavos, or reais as '59,90' / 'R$ 1.234,56' / 59.9. */
function centsOf(cents: unknown, reais: unknown): number | null | undefined {
  if (cents === null || reais === null) return null;
  let value: number | undefined;
  if (typeof cents === 'number' || (typeof cents === 'string' && /^\d+$/.test(cents.trim()))) value = Number(cents);
  else if (typeof reais === 'number') value = Math.round(reais * 100);
  else if (typeof reais === 'string') {
    const t = reais.replace(/r\$/i, '').replace(/\s/g, '');
    if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(t))
      value = Math.round(Number(t.replace(/\./g, '').replace(',', '.')) * 100);
    else if (/^\d+\.\d{1,2}$/.test(t)) value = Math.round(Number(t) * 100);
    else return Number.NaN;
  } else if (cents !== undefined || reais !== undefined) return Number.NaN;
  if (value === undefined) return undefined;
  return Number.isInteger(value) && value >= 0 && value <= CATALOGUE_MAX_PRICE_CENTS ? value : Number.NaN;
}

const AVAILABILITY_WORDS: Record<string, Availability> = {
  em_estoque: 'em_estoque',
  'em estoque': 'em_estoque',
  disponivel: 'em_estoque',
  esgotado: 'esgotado',
  indisponivel: 'esgotado',
  sob_encomenda: 'sob_encomenda',
  'sob encomenda': 'sob_encomenda',
};

function availabilityOf(v: unknown): Availability | null | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return null;
  const key = v
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase();
  return (AVAILABILITIES as readonly string[]).includes(key)
    ? (key as Availability)
    : (AVAILABILITY_WORDS[key] ?? null);
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : undefined);

/**
 * The coach's catalogue change, checked against the catalogue it was shown: an id not in it, a price or
 * an availability that does not read, or nothing that differs → null (the answer falls back to its
 * message, a clarify). Without an id, a new item needs its name (and no item of that name may exist).
 */
export function readCatalogueChange(value: unknown, items: readonly CoachCatalogueItem[]): CoachCatalogueChange | null {
  const parsed = changeSchema.safeParse(value);
  if (!parsed.success) return null;
  const v = parsed.data;
  const id = text(v.item_id ?? v.itemId ?? v.id, 100) || null;
  const priceCents = centsOf(v.price_cents ?? v.priceCents ?? v.preco_centavos, v.price ?? v.preco);
  const availability = availabilityOf(v.availability ?? v.disponibilidade);
  const description = text(v.description ?? v.descricao, DESCRIPTION_MAX);
  if (Number.isNaN(priceCents) || availability === null) return null;
  const proposed: Partial<Fields> = {};
  if (priceCents !== undefined) proposed.priceCents = priceCents;
  if (availability !== undefined) proposed.availability = availability;
  if (description) proposed.description = description;
  if (id === null) {
    if (text(v.option ?? v.opcao ?? v.option_name, 80)) return null; // a new item has no option to change
    const name = text(v.name ?? v.nome, NAME_MAX);
    const taken = (n: string) => items.some((i) => i.name.trim().toLowerCase() === n.toLowerCase());
    if (!name || taken(name) || Object.keys(proposed).length === 0) return null;
    return { itemId: null, name, before: null, after: proposed };
  }
  const item = items.find((i) => i.id === id);
  if (!item) return null;
  const before: Fields = {
    priceCents: item.priceCents,
    availability: item.availability,
    description: item.description,
  };
  const optionName = text(v.option ?? v.opcao ?? v.option_name, 80);
  if (optionName) return optionPriceChange(item, before, optionName, priceCents);
  const after = Object.fromEntries(
    Object.entries(proposed).filter(([k, x]) => before[k as keyof Fields] !== x),
  ) as Partial<Fields>;
  if (Object.keys(after).length === 0) return null;
  return { itemId: item.id, name: item.name, before, after };
}

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase();

/**
 * A new price for one of the item's options (named as saved, ignoring case and accents): null when the
 * item has no such option, no price reads, or the price is the saved one. The item's own fields stay.
 */
function optionPriceChange(
  item: CoachCatalogueItem,
  before: Fields,
  optionName: string,
  priceCents: number | null | undefined,
): CoachCatalogueChange | null {
  const option = item.options?.find((o) => plain(o.name) === plain(optionName));
  if (!option || priceCents === undefined || option.priceCents === priceCents) return null;
  return {
    itemId: item.id,
    name: item.name,
    before: { ...before, optionPrice: { name: option.name, priceCents: option.priceCents } },
    after: { optionPrice: { name: option.name, priceCents } },
  };
}
