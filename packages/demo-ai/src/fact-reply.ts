import { normalise } from '@vendai/contracts/answer-text';

/** A business fact as the demo AI receives it with a reply task. */
export interface DemoFact {
  label: string;
  text: string;
  /** A catalogue item with a photo: its id, for the answer's "fotos". */
  photoId?: string;
  /** A catalogue item: its id, for the answer's "pedido". */
  itemId?: string;
}

/** Word starts that say nothing about which fact is meant ('Vocês…?', 'Qual…?'). */
const COMMON_STEMS = new Set(['voces', 'voce', 'qual', 'quais', 'quant', 'sobre', 'tenho', 'quero', 'queri', 'podem']);
const stemsOf = (text: string) =>
  new Set((normalise(text).match(/[a-z0-9]{4,}/g) ?? []).map((w) => w.slice(0, 5)).filter((s) => !COMMON_STEMS.has(s)));
/**
 * What a fact is about: the source part of its label ('Catálogo: Bolo' → 'Bolo', 'Perguntas frequentes:
 * Vocês entregam?' → the question); a document's passage is about its title and its text.
 */
const subjectOf = (fact: DemoFact) =>
  fact.label.startsWith('Documento: ')
    ? `${fact.label.slice('Documento: '.length)} ${fact.text}`
    : fact.label.replace(/^(Catálogo|Perguntas frequentes): /, '');

/** A document passage's sentences that share a word with the customer's message (at most two), else its start. */
function passageAnswer(text: string, wanted: Set<string>): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const hits = sentences.filter((s) => [...stemsOf(s)].some((w) => wanted.has(w))).slice(0, 2);
  return (hits.length > 0 ? hits : sentences.slice(0, 2)).join(' ');
}

/**
 * The demo AI's answer from the business's facts (offline, deterministic): the first fact whose
 * subject shares a word with the customer's message — a product as 'Bolo de chocolate: R$ 80,00 por
 * unidade.' (the item line the facts block starts with, decision 025), a FAQ entry as the owner's
 * answer itself, a document's passage as its sentences about the customer's words. Null when no fact matches.
 */
export function demoFactAnswer(lastCustomer: string, facts: readonly DemoFact[]): string | null {
  const wanted = stemsOf(lastCustomer);
  const hit = facts.find((f) => [...stemsOf(subjectOf(f))].some((s) => wanted.has(s)));
  if (!hit) return null;
  if (hit.label.startsWith('Perguntas frequentes: ')) return hit.text;
  if (hit.label.startsWith('Documento: ')) return passageAnswer(hit.text, wanted);
  const line = /^(.*?) \((?:Produto|Serviço)\) — (.*?)\.(?: |$)/.exec(hit.text);
  if (!line) return null;
  const availability = /Disponibilidade: (Esgotado|Sob encomenda)\./.exec(hit.text)?.[1];
  const note = availability ? ` (${availability.toLowerCase()} no momento)` : '';
  return `${line[1]}: ${line[2]}${note}.`;
}

/** 'tem foto…?', 'me manda uma imagem', 'quero ver': the customer asks to see something. */
const ASKS_TO_SEE = /\b(fotos?|imagem|imagens|quero ver|posso ver|deixa eu ver|mostra)\b/;

/**
 * A customer asking to see a catalogue item that has a photo (offline, deterministic): the structured
 * answer with the item's id in "fotos" (at most the three first items named), so the engine sends the
 * photo after the text and the playground shows it (decision 025). Null otherwise.
 */
export function demoPhotoAnswer(lastCustomer: string, facts: readonly DemoFact[]): string | null {
  if (!ASKS_TO_SEE.test(normalise(lastCustomer))) return null;
  const wanted = stemsOf(lastCustomer);
  const named = facts.filter(
    (f) => f.photoId && f.label.startsWith('Catálogo: ') && [...stemsOf(subjectOf(f))].some((s) => wanted.has(s)),
  );
  if (named.length === 0) return null;
  const names = named.slice(0, 3).map((f) => subjectOf(f));
  const reply = `Tenho sim! Vou te mandar a foto${names.length > 1 ? 's' : ''} de ${names.join(', ')}.`;
  return JSON.stringify({
    reply,
    handoff: null,
    needs_owner: null,
    hot_lead: false,
    fotos: named.slice(0, 3).map((f) => f.photoId),
  });
}
