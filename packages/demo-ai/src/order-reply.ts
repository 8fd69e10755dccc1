import { normalise } from '@vendai/contracts/answer-text';
import type { DemoFact } from './fact-reply.ts';

/** 'quero', 'vou levar', 'pode fechar', 'manda o pix': the customer confirms a purchase. */
const CONFIRMS =
  /\b(quero|vou querer|vou levar|pode fechar|fechado|fechar o pedido|compro|manda o pix|pode mandar o pix)\b/;
const ASKS_TO_SEE = /\b(fotos?|imagem|quero ver|posso ver|mostra)\b/;
const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  dez: 10,
};

const words = (text: string) => normalise(text).match(/[a-z0-9]+/g) ?? [];
const nameOf = (fact: DemoFact) => fact.label.replace(/^Catálogo: /, '');

/** How many: the first number (digits or a word up to ten) in the message, else one. */
function quantityIn(text: string): number {
  for (const w of words(text)) {
    if (/^\d{1,2}$/.test(w) && Number(w) > 0) return Number(w);
    if (NUMBER_WORDS[w]) return NUMBER_WORDS[w];
  }
  return 1;
}

/** The item's option the customer named ('G' in 'camiseta G'), from the fact's 'Opções: P: R$ …; G: R$ ….'. */
function optionIn(text: string, fact: DemoFact): string | null {
  const list = /Opções: (.*?)\.(?: |$)/.exec(fact.text)?.[1];
  if (!list) return null;
  const said = new Set(words(text));
  const names = list.split('; ').map((o) => o.slice(0, o.lastIndexOf(':')).trim());
  return names.find((n) => words(n).length > 0 && words(n).every((w) => said.has(w))) ?? null;
}

/**
 * The demo AI's order (offline, deterministic): when the customer confirms a purchase and names a
 * catalogue item with a price, the answer carries "pedido" with the item's id, the option named and
 * the quantity said; the text never states the total (VendAI prices the order and sends the Pix, or,
 * with `pix` false, the business sends the payment details: the text promises no Pix).
 * Null when the message is not a purchase of a priced item.
 */
export function demoOrderAnswer(lastCustomer: string, facts: readonly DemoFact[], pix = true): string | null {
  const text = normalise(lastCustomer);
  if (!CONFIRMS.test(text) || ASKS_TO_SEE.test(text)) return null;
  const said = new Set(words(lastCustomer).map((w) => w.slice(0, 5)));
  const item = facts.find(
    (f) => f.itemId && / — R\$/.test(f.text) && words(nameOf(f)).some((w) => w.length >= 4 && said.has(w.slice(0, 5))),
  );
  if (!item) return null;
  const quantity = quantityIn(lastCustomer);
  const option = optionIn(lastCustomer, item);
  const what = `${quantity}x ${nameOf(item)}${option ? ` (${option})` : ''}`;
  return JSON.stringify({
    reply: pix
      ? `Perfeito! Anotei seu pedido: ${what}. Já te envio o Pix com o valor certinho.`
      : `Perfeito! Anotei seu pedido: ${what}. A equipe já vai te enviar os dados de pagamento por aqui.`,
    handoff: null,
    needs_owner: null,
    hot_lead: true,
    pedido: { itens: [{ id: item.itemId, opcao: option, quantidade: quantity }] },
  });
}
