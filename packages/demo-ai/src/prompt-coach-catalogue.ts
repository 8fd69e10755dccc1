import { normalise } from '@vendai/contracts/answer-text';

/** A catalogue item as the demo coach sees it (the request's list). */
export interface DemoCatalogueItem {
  id: string;
  name: string;
  priceCents: number | null;
  availability: 'em_estoque' | 'esgotado' | 'sob_encomenda';
  /** The item's options with their prices (null: the item's price). */
  options?: { name: string; priceCents: number | null }[];
}

export interface DemoCatalogueAnswer {
  mode: 'catalogue';
  message: string;
  updated_prompt: null;
  catalogue: {
    item_id: string;
    price_cents?: number;
    availability?: DemoCatalogueItem['availability'];
    /** The option whose price this is (then price_cents is the option's). */
    option?: string;
  };
}

const SOLD_OUT = /\b(acabou|acabaram|esgotou|esgotaram|esgotad[oa]s?|sem estoque|em falta)\b/;
const BACK = /\b(voltou|voltaram|chegou|chegaram|repus|reabastec\w*|de volta ao estoque)\b/;
const PRICE = /r\$\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?/;

/** The item whose name's words all appear in the text, the longest name first; null when none does. */
function itemNamed(n: string, items: readonly DemoCatalogueItem[]): DemoCatalogueItem | null {
  const named = items
    .map((item) => ({ item, words: normalise(item.name).match(/[a-z0-9]{3,}/g) ?? [] }))
    .filter(({ words }) => words.length > 0 && words.every((w) => new RegExp(`\\b${w}`).test(n)))
    .sort((a, b) => b.words.length - a.words.length);
  return named[0]?.item ?? null;
}

/** The item's option whose name's words all appear in the text (the longest name first), or null. */
function optionNamed(n: string, item: DemoCatalogueItem): string | null {
  const named = (item.options ?? [])
    .map((o) => ({ name: o.name, words: normalise(o.name).match(/[a-z0-9]+/g) ?? [] }))
    .filter(({ words }) => words.length > 0 && words.every((w) => new RegExp(`\\b${w}\\b`).test(n)))
    .sort((a, b) => b.words.length - a.words.length);
  return named[0]?.name ?? null;
}

/**
 * 'a camiseta básica agora custa R$ 59,90' / 'o bolo de chocolate acabou' about an item of the catalogue
 * → a change of that item (its price in centavos, or its availability); null for any other instruction.
 */
export function catalogueChangeFor(
  instruction: string,
  items: readonly DemoCatalogueItem[],
): DemoCatalogueAnswer | null {
  const n = normalise(instruction);
  const item = itemNamed(n, items);
  if (!item) return null;
  const price = PRICE.exec(n);
  const change: DemoCatalogueAnswer['catalogue'] = { item_id: item.id };
  if (price) change.price_cents = Number(price[1]!.replace(/\./g, '')) * 100 + Number((price[2] ?? '0').padEnd(2, '0'));
  // 'o bolo de chocolate com morango agora custa R$ 99': an option the instruction names gets the price.
  const option = price ? optionNamed(n, item) : null;
  if (option) change.option = option;
  if (SOLD_OUT.test(n)) change.availability = 'esgotado';
  else if (BACK.test(n)) change.availability = 'em_estoque';
  if (change.price_cents === undefined && change.availability === undefined) return null;
  return {
    mode: 'catalogue',
    message: `Isso fica melhor no Catálogo: sugiro mudar ${option ? `a opção "${option}" do item` : 'o item'} "${item.name}". A IA passa a responder com o valor novo e o prompt continua igual.`,
    updated_prompt: null,
    catalogue: change,
  };
}
